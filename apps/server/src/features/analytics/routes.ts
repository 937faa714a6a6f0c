// HTTP of the admin analytics: GET /api/admin/analytics/<report>?from=&to=&interval=&format=json|csv, for admins and
// analysts (the same rule as the /admin/analytics screen).

import { ROUTE_ACCESS } from "@aacos/domain/access";
import {
  ANALYTICS_REPORTS,
  AnalyticsQuery,
  checkRange,
  csvFileName,
  reportCsv,
} from "@aacos/domain/analytics";
import { AnalyticsReportData } from "@aacos/domain/replies";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { validationFailed } from "../../platform/errors.js";
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
      {
        onRequest: analystsOnly,
        schema: { querystring: AnalyticsQuery, response: { 200: AnalyticsReportData } },
      },
      async (request, reply) => {
        // One end left out is filled from today, and the whole range checked again (at most 731 days).
        const checked = checkRange(request.query, deps.clock());
        if (!checked.ok) throw validationFailed(checked.fields);
        const { range } = checked;
        const data = await deps.analytics.report(report, range);
        if (request.query.format === "json") return data;
        return (
          reply
            .header("content-type", "text/csv; charset=utf-8")
            .header("content-disposition", `attachment; filename="${csvFileName(report, range)}"`)
            .header("cache-control", "no-store")
            // A text/csv body is sent as it is (Fastify serialises JSON only); the schema types the JSON form.
            .send(reportCsv(data) as never)
        );
      },
    );
  }
}
