// HTTP of the admin console's own reads: the audit log (filtered pages and the CSV export), security incidents with
// filters, and whether mail goes out by SMTP. Users, errors and the outbox live with their own features.
import { Readable } from "node:stream";
import { AuditExportQuery, AuditListQuery, IncidentListQuery } from "@aacos/domain/admin-console";
import { AuditPage, Incident, MailStatus, pageOf } from "@aacos/domain/replies";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { clientOf } from "../auth/index.js";
import { csvRow } from "./csv.js";
import { type AuditEntry, createAdminConsoleService } from "./service.js";

const CSV_HEADER = [
  "id",
  "createdAt",
  "actorId",
  "actorUsername",
  "action",
  "targetId",
  "targetUsername",
  "ip",
  "userAgent",
  "data",
];

function auditView(entry: AuditEntry) {
  return { ...entry, createdAt: entry.createdAt.toISOString() };
}

async function* auditCsv(rows: AsyncIterable<AuditEntry>): AsyncGenerator<string> {
  // The byte-order mark lets spreadsheet programs read the UTF-8 (Hebrew names) correctly.
  yield `\uFEFF${csvRow(CSV_HEADER)}`;
  for await (const row of rows) {
    yield csvRow([
      row.id,
      row.createdAt,
      row.actorId,
      row.actorUsername,
      row.action,
      row.targetId,
      row.targetUsername,
      row.ip,
      row.userAgent,
      row.data,
    ]);
  }
}

export async function adminRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.requireAccess({ anyRole: ["admin"], allPermissions: ["admin.access"] });
  const reads = createAdminConsoleService({ db: app.database.db });

  api.get(
    "/api/admin/audit",
    {
      onRequest: adminOnly,
      schema: { querystring: AuditListQuery, response: { 200: AuditPage } },
    },
    async (request) => {
      const { items, total } = await reads.auditPage(request.query);
      return {
        items: items.map(auditView),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );

  api.get(
    "/api/admin/audit.csv",
    { onRequest: adminOnly, schema: { querystring: AuditExportQuery } },
    async (request, reply) => {
      // Recorded before the rows are read, so the export's own entry is part of what it exports.
      await app.audit.record(clientOf(request), "admin.audit_exported", null, {
        filters: request.query,
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="audit-${day}.csv"`)
        .header("cache-control", "no-store")
        .send(Readable.from(auditCsv(reads.auditRows(request.query))));
    },
  );

  api.get(
    "/api/admin/security/incidents",
    {
      onRequest: adminOnly,
      schema: { querystring: IncidentListQuery, response: { 200: pageOf(Incident) } },
    },
    async (request) => reads.incidents(request.query),
  );

  api.get(
    "/api/admin/mail/status",
    { onRequest: adminOnly, schema: { response: { 200: MailStatus } } },
    async () => ({
      smtpConfigured: app.config.smtpUrl !== undefined,
    }),
  );
}
