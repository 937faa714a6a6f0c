// GET /api/catalog: both plan models (tiers and worlds) for the tier chooser and the pricing pages — the live
// catalogue, with admins' overrides (features/settings).
import type { FastifyInstance } from "fastify";
import { currentCatalog } from "../../platform/live-catalog.js";

export async function catalogRoutes(app: FastifyInstance) {
  app.get("/api/catalog", async (_request, reply) => {
    // Admins may change prices and limits at any time: browsers check back rather than keep it for minutes.
    return reply.header("cache-control", "no-cache").send(currentCatalog());
  });
}
