// GET /api/usage/me: the caller's usage record (SPEC.md §3): counts per window, effective limits, reset times, last activity.
import type { FastifyInstance } from "fastify";
import { unauthorized } from "../../platform/errors.js";

export async function usageRoutes(app: FastifyInstance) {
  app.get("/api/usage/me", { onRequest: app.authenticate }, async (request) => {
    if (request.principal === null) throw unauthorized();
    const { user } = request.principal;
    return app.metering.usageOf(user.id, user.tier, user.world);
  });
}
