// HTTP of error reports (docs/product.md §7 POST /api/errors {reports}): anyone may report, rate-limited per address;
// admins list and resolve the groups.

import { AcceptedCount, ErrorGroup, pageOf, replyOf } from "@aacos/domain/replies";
import { ERROR_REPORT_LIMITS, ErrorListQuery, ErrorReportBatch } from "@aacos/domain/validation";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../../platform/auth.js";
import { tooManyRequests } from "../../platform/errors.js";
import type { RateLimiterFactory } from "../../platform/rate-limit.js";
import { clientOf } from "../auth/index.js";
import { type ErrorReportService, errorGroupView } from "./service.js";

/** Calls per address per minute: a crashing page flushes at most once a second, most far less. */
export const ERROR_REPORT_RATE = { points: 30, seconds: 60 };

const IdParams = z.object({ id: z.uuid("Invalid format") });

export async function errorReportRoutes(
  app: FastifyInstance,
  deps: { errorReports: ErrorReportService; rateLimiters: RateLimiterFactory },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.requireAccess({ anyRole: ["admin"], allPermissions: ["admin.access"] });
  const byAddress = deps.rateLimiters("error-reports-ip", ERROR_REPORT_RATE);

  // Before the body is read, so a flood of bad bodies is limited too.
  const limit = async (request: FastifyRequest) => {
    const decision = await byAddress.consume(request.ip);
    if (!decision.allowed) {
      throw tooManyRequests(`Too many error reports: ${ERROR_REPORT_RATE.points} per minute`, {
        window: "error_reports",
        limit: ERROR_REPORT_RATE.points,
        retryAfter: decision.retryAfterSeconds,
      });
    }
  };

  api.post(
    "/api/errors",
    {
      onRequest: limit,
      bodyLimit: ERROR_REPORT_LIMITS.bodyBytes,
      schema: { body: ErrorReportBatch, response: { 202: AcceptedCount } },
    },
    async (request, reply) => {
      const userId = request.principal?.user.id ?? null;
      const accepted = await deps.errorReports.record(request.body.reports, userId);
      return reply.status(202).send({ accepted });
    },
  );

  api.get(
    "/api/admin/errors",
    {
      onRequest: adminOnly,
      schema: { querystring: ErrorListQuery, response: { 200: pageOf(ErrorGroup) } },
    },
    async (request) => {
      const { items, total } = await deps.errorReports.list(request.query);
      return { items: items.map(errorGroupView), total };
    },
  );

  api.post(
    "/api/admin/errors/:id/resolve",
    {
      onRequest: adminOnly,
      schema: { params: IdParams, response: { 200: replyOf("report", ErrorGroup) } },
    },
    async (request) => {
      const principal = callerOf(request);
      const row = await deps.errorReports.resolve(request.params.id, principal.user.id);
      await app.audit.record(clientOf(request), "admin.error_resolved", row.id, {
        message: row.message.slice(0, 200),
      });
      return { report: errorGroupView(row) };
    },
  );
}
