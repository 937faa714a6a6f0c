// GET /api/catalog: both plan models (tiers and worlds) for the tier chooser and the pricing pages.
import { buildCatalog } from "@aacos/domain/catalog";
import type { FastifyInstance } from "fastify";

export async function catalogRoutes(app: FastifyInstance) {
  const catalog = buildCatalog();
  app.get("/api/catalog", async (_request, reply) => {
    return reply.header("cache-control", "public, max-age=300").send(catalog);
  });
}
