// GET /api/usage/me: the caller's usage record (docs/product.md §3): counts per window, effective limits, reset times, last activity.
import { UsageRecord } from "@aacos/domain/replies";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf } from "../../platform/auth.js";

export async function usageRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/usage/me",
    { onRequest: app.authenticate, schema: { response: { 200: UsageRecord } } },
    async (request) => {
      const caller = callerOf(request);
      // The tier in force, as the metering hook enforces it (a lapsed downgrade counts before it is written back).
      const { user, tier, world } = caller;
      return app.metering.usageOf(user.id, tier, world);
    },
  );
}
