// GET /api/usage/me: the caller's usage record (docs/product.md §3): counts per window, effective limits, reset times, last activity.
import type { FastifyInstance } from "fastify";
import { unauthorized } from "../../platform/errors.js";

export async function usageRoutes(app: FastifyInstance) {
  app.get("/api/usage/me", { onRequest: app.authenticate }, async (request) => {
    if (request.principal === null) throw unauthorized();
    // The tier in force, as the metering hook enforces it (a lapsed downgrade counts before it is written back).
    const { user, tier, world } = request.principal;
    return app.metering.usageOf(user.id, tier, world);
  });
}
