// HTTP of the dashboard (docs/product.md §7): GET /api/dashboard/stats, /api/dashboard/metrics and /api/dashboard/activity.
import { ActivityPage, DashboardMetrics, DashboardStats } from "@aacos/domain/replies";
import { ActivityQuery } from "@aacos/domain/validation";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf } from "../../platform/auth.js";
import type { DashboardService } from "./service.js";

export async function dashboardRoutes(app: FastifyInstance, deps: { dashboard: DashboardService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.authenticate };
  const { dashboard } = deps;

  api.get(
    "/api/dashboard/stats",
    { ...signedIn, schema: { response: { 200: DashboardStats } } },
    async (request) => {
      const caller = callerOf(request);
      return dashboard.stats(caller.user.id);
    },
  );

  api.get(
    "/api/dashboard/metrics",
    { ...signedIn, schema: { response: { 200: DashboardMetrics } } },
    async (request) => {
      const principal = callerOf(request);
      const usage = await app.metering.usageOf(principal.user.id, principal.tier, principal.world);
      return dashboard.metrics(principal.user.id, usage);
    },
  );

  api.get(
    "/api/dashboard/activity",
    { ...signedIn, schema: { querystring: ActivityQuery, response: { 200: ActivityPage } } },
    async (request) => {
      const caller = callerOf(request);
      return dashboard.activity(caller.user.id, request.query.page, request.query.pageSize);
    },
  );
}
