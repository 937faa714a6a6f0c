// HTTP of metrics: the signed-in live view, the quantum (job queue) state, and GET /metrics for Prometheus, open to
// METRICS_TOKEN as a bearer token or to admins and operators (docs/decisions/080-metrics-and-alerts.md).
import { timingSafeEqual } from "node:crypto";
import { QuantumState, SystemView } from "@aacos/domain/replies";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf } from "../../platform/auth.js";
import { forbidden, unauthorized } from "../../platform/errors.js";
import type { MetricsService } from "./service.js";

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== "string") return null;
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? null;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function metricsRoutes(
  app: FastifyInstance,
  deps: { metrics: MetricsService; metricsToken: string | undefined },
) {
  const signedIn = { onRequest: app.authenticate };

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    "/api/metrics/system",
    { ...signedIn, schema: { response: { 200: SystemView } } },
    async () => deps.metrics.systemView(),
  );

  api.get(
    "/api/aacos/quantum/state",
    { ...signedIn, schema: { response: { 200: QuantumState } } },
    async (request) => {
      const userId = callerOf(request).user.id;
      // The caller's jobs in the job runner (docs/decisions/091-jobs-versus-requests.md); workers count every instance.
      const state = await app.services.jobs.state({ userId });
      return { ...state, throughput: state.throughputPerMinute };
    },
  );

  const scrapeAccess = async (request: FastifyRequest) => {
    const token = bearer(request);
    if (deps.metricsToken !== undefined && token !== null && sameSecret(token, deps.metricsToken)) {
      return;
    }
    const roles = request.principal?.roles ?? [];
    if (roles.includes("admin") || roles.includes("operator")) return;
    if (request.principal === null) throw unauthorized();
    throw forbidden();
  };

  app.get("/metrics", { onRequest: scrapeAccess }, async (_request, reply) => {
    const text = await deps.metrics.prometheus();
    return reply.header("content-type", "text/plain; version=0.0.4; charset=utf-8").send(text);
  });
}
