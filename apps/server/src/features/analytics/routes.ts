// HTTP of the admin analytics: GET /api/admin/analytics/<report>?from=&to=&interval=&format=json|csv, for admins and
// analysts (the same rule as the /admin/analytics screen).
import { ROUTE_ACCESS } from "@aacos/domain/access";
import {
  ANALYTICS_REPORTS,
  AnalyticsQuery,
  csvFileName,
  reportCsv,
  resolveRange,
} from "@aacos/domain/analytics";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AnalyticsService } from "./service.js";

export async function analyticsRoutes(
  app: FastifyInstance,
  deps: { analytics: AnalyticsService; clock: () => Date },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const analystsOnly = app.requireAccess(ROUTE_ACCESS["/admin/analytics"]);

  for (const report of ANALYTICS_REPORTS) {
    api.get(
      `/api/admin/analytics/${report}`,
      { onRequest: analystsOnly, schema: { querystring: AnalyticsQuery } },
      async (request, reply) => {
        const range = resolveRange(request.query, deps.clock());
        const data = await deps.analytics.report(report, range);
        if (request.query.format === "json") return data;
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="${csvFileName(report, range)}"`)
          .header("cache-control", "no-store")
          .send(reportCsv(data));
      },
    );
  }
}
