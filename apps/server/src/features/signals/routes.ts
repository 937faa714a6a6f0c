// HTTP of the signal hub: GET /api/signals, the signed-in user's signals newest first, filtered, by cursor.
import { SignalPage } from "@aacos/domain/replies";
import { SignalListQuery } from "@aacos/domain/validation";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf } from "../../platform/auth.js";
import { filterOf, type SignalService } from "./service.js";

export function signedInUserId(request: FastifyRequest): string {
  return callerOf(request).user.id;
}

export async function signalRoutes(app: FastifyInstance, deps: { signals: SignalService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/signals",
    {
      onRequest: app.authenticate,
      schema: { querystring: SignalListQuery, response: { 200: SignalPage } },
    },
    async (request) => deps.signals.list(signedInUserId(request), filterOf(request.query)),
  );
}
