// GET /api/health: 200 when the database (and Redis, when configured) answers, 503 otherwise.
import type { FastifyInstance } from "fastify";

type Check = "ok" | "error" | "disabled";

export async function healthRoutes(app: FastifyInstance) {
  app.get("/api/health", async (request, reply) => {
    const db = await probe(() => app.database.ping());
    const redis = app.redis ? await probe(async () => void (await app.redis?.ping())) : "disabled";
    const healthy = db === "ok" && redis !== "error";
    if (!healthy) request.log.warn({ db, redis }, "health check failed");
    return reply.status(healthy ? 200 : 503).send({
      status: healthy ? "ok" : "error",
      db,
      redis,
      database: app.database.kind,
      release: app.config.release,
      uptimeSeconds: Math.round(process.uptime()),
    });
  });
}

async function probe(check: () => Promise<void>): Promise<Check> {
  try {
    await check();
    return "ok";
  } catch {
    return "error";
  }
}
