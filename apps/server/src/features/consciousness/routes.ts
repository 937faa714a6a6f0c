// HTTP of consciousness: the state for every signed-in user, the target level, and the history behind the
// consciousnessEngine feature.
import {
  ConsciousnessHistory,
  ConsciousnessLevelReply,
  ConsciousnessState,
} from "@aacos/domain/replies";
import { ConsciousnessHistoryQuery, ConsciousnessLevelBody } from "@aacos/domain/validation";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf } from "../../platform/auth.js";
import type { ConsciousnessService } from "./service.js";

function userIdOf(request: FastifyRequest): string {
  return callerOf(request).user.id;
}

export async function consciousnessRoutes(
  app: FastifyInstance,
  deps: { consciousness: ConsciousnessService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { consciousness } = deps;

  api.get(
    "/api/aacos/consciousness/state",
    { onRequest: app.authenticate, schema: { response: { 200: ConsciousnessState } } },
    async (request) => consciousness.state(userIdOf(request)),
  );

  api.post(
    "/api/aacos/consciousness/level",
    {
      onRequest: app.authenticate,
      schema: { body: ConsciousnessLevelBody, response: { 200: ConsciousnessLevelReply } },
    },
    async (request) => consciousness.setLevel(userIdOf(request), request.body.level),
  );

  api.get(
    "/api/aacos/consciousness/history",
    {
      onRequest: app.requireFeature("consciousnessEngine"),
      schema: { querystring: ConsciousnessHistoryQuery, response: { 200: ConsciousnessHistory } },
    },
    async (request) => consciousness.history(userIdOf(request), request.query.limit),
  );
}
