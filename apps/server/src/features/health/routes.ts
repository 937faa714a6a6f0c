// GET /api/health: 200 when the database (and Redis, when configured) answers, 503 otherwise. Load balancers poll it
// often: one probe of each serves every poll for PROBE_REUSE_MS, so polling adds no load to the database.
import { type HealthCheck as Check, HealthReply } from "@aacos/domain/replies";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

/** How long one probe's answer is reused (real time). */
const PROBE_REUSE_MS = 1000;

export async function healthRoutes(app: FastifyInstance) {
  let last: { at: number; checks: Promise<{ db: Check; redis: Check }> } | null = null;
  const checks = () => {
    if (last !== null && performance.now() - last.at < PROBE_REUSE_MS) return last.checks;
    const probing = (async () => ({
      db: await probe(() => app.database.ping()),
      redis: app.redis ? await probe(async () => void (await app.redis?.ping())) : "disabled",
    }))() as Promise<{ db: Check; redis: Check }>;
    last = { at: performance.now(), checks: probing };
    return probing;
  };
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/health",
    { schema: { response: { 200: HealthReply, 503: HealthReply } } },
    async (request, reply) => {
      const { db, redis } = await checks();
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
    },
  );
}

async function probe(check: () => Promise<void>): Promise<Check> {
  try {
    await check();
    return "ok";
  } catch {
    return "error";
  }
}
