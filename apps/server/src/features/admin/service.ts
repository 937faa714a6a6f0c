// The admin console's reads: the audit log with filters (a page, or every row in keyset pages for the CSV export)
// and the security incidents with filters. Writes go through the features that own the rows.
import type {
  AuditExportQuery,
  AuditListQuery,
  IncidentListQuery,
} from "@aacos/domain/admin-console";
import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { likeContaining } from "../../db/like.js";
import { fetchPage } from "../../db/paging.js";
import { auditLog, securityIncidents, users } from "../../db/schema.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;
/** Rows per query while the CSV streams: memory stays flat however long the log is. */
export const EXPORT_PAGE_ROWS = 500;

const actor = alias(users, "actor");
const target = alias(users, "target");

/** A user named by id, or by part of their e-mail or username (columns of the joined alias). */
function userMatch(
  idColumn: typeof auditLog.actorId | typeof auditLog.targetId,
  who: { email: AnyPgColumn; username: AnyPgColumn },
  text: string | undefined,
): SQL | undefined {
  if (text === undefined || text === "") return undefined;
  if (UUID.test(text)) return eq(idColumn, text.toLowerCase());
  const pattern = likeContaining(text);
  // The actor column is a uuid: only a uuid may be compared with it.
  const sameId = idColumn === auditLog.targetId ? eq(auditLog.targetId, text) : undefined;
  return or(sameId, ilike(who.email, pattern), ilike(who.username, pattern));
}

function auditWhere(query: AuditExportQuery): SQL | undefined {
  return and(
    userMatch(auditLog.actorId, actor, query.actor),
    userMatch(auditLog.targetId, target, query.target),
    query.action ? ilike(auditLog.action, `${query.action.replace(/_/g, "\\_")}%`) : undefined,
    query.from ? gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    // The end day is included whole.
    query.to
      ? lt(auditLog.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS))
      : undefined,
  );
}

const auditColumns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorId: auditLog.actorId,
  actorUsername: actor.username,
  action: auditLog.action,
  targetId: auditLog.targetId,
  targetUsername: target.username,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  data: auditLog.data,
};

export type AuditEntry = {
  id: number;
  createdAt: Date;
  actorId: string | null;
  actorUsername: string | null;
  action: string;
  targetId: string | null;
  targetUsername: string | null;
  ip: string | null;
  userAgent: string | null;
  data: unknown;
};

export function createAdminConsoleService(deps: { db: Db }) {
  const { db } = deps;

  const auditSelect = () =>
    db
      .select(auditColumns)
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .leftJoin(target, sql`${target.id}::text = ${auditLog.targetId}`);

  return {
    async auditPage(query: AuditListQuery): Promise<{ items: AuditEntry[]; total: number }> {
      const where = auditWhere(query);
      return fetchPage(
        query,
        auditSelect().where(where).orderBy(desc(auditLog.id)),
        db
          .select({ n: count() })
          .from(auditLog)
          .leftJoin(actor, eq(actor.id, auditLog.actorId))
          .leftJoin(target, sql`${target.id}::text = ${auditLog.targetId}`)
          .where(where),
      );
    },

    /** Every matching row, newest first, fetched in keyset pages (never one big result set). */
    async *auditRows(query: AuditExportQuery): AsyncGenerator<AuditEntry> {
      const where = auditWhere(query);
      let before: number | null = null;
      for (;;) {
        const rows: AuditEntry[] = await auditSelect()
          .where(and(where, before === null ? undefined : lt(auditLog.id, before)))
          .orderBy(desc(auditLog.id))
          .limit(EXPORT_PAGE_ROWS);
        yield* rows;
        const last = rows.at(-1);
        if (last === undefined || rows.length < EXPORT_PAGE_ROWS) return;
        before = last.id;
      }
    },

    async incidents(query: IncidentListQuery) {
      const where = and(
        query.status === "all" ? undefined : eq(securityIncidents.status, query.status),
        query.search
          ? or(
              ilike(securityIncidents.activity, likeContaining(query.search)),
              ilike(securityIncidents.ip, likeContaining(query.search)),
            )
          : undefined,
      );
      const { items, total } = await fetchPage(
        query,
        db
          .select({ incident: securityIncidents, username: users.username })
          .from(securityIncidents)
          .leftJoin(users, eq(users.id, securityIncidents.userId))
          .where(where)
          .orderBy(desc(securityIncidents.createdAt), desc(securityIncidents.id)),
        db.select({ n: count() }).from(securityIncidents).where(where),
      );
      return {
        items: items.map((row) => ({
          ...row.incident,
          username: row.username,
          createdAt: row.incident.createdAt.toISOString(),
          resolvedAt: row.incident.resolvedAt?.toISOString() ?? null,
        })),
        total,
      };
    },
  };
}
export type AdminConsoleService = ReturnType<typeof createAdminConsoleService>;
