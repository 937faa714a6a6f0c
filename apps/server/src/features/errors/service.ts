// Browser error reports: scrubbed again here, grouped by fingerprint (one row per distinct error, `count` rising), resolved by admins.
import { createHash } from "node:crypto";
import {
  type ErrorListQuery,
  type ErrorReport,
  fingerprintSource,
  scrubSecrets,
} from "@aacos/domain/validation";
import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { fetchPage } from "../../db/paging.js";
import { errorReports } from "../../db/schema.js";
import { notFound } from "../../platform/errors.js";

export type ErrorReportRow = typeof errorReports.$inferSelect;

/** sha256 of the report's type, normalised message and top stack frame. */
export function fingerprintOf(report: Pick<ErrorReport, "type" | "message" | "stack">): string {
  return createHash("sha256").update(fingerprintSource(report)).digest("hex");
}

/** What an admin sees of a group. */
export function errorGroupView(row: ErrorReportRow) {
  return {
    id: row.id,
    message: row.message,
    type: row.type,
    stack: row.stack,
    count: row.count,
    userId: row.userId,
    release: row.release,
    environment: row.environment,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    sample: row.sample,
  };
}

export function createErrorReportService(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;

  return {
    /**
     * Stores a batch; `userId` is the signed-in caller, never the body's claim. Identical reports in one batch are
     * merged first, as one insert may not touch the same row twice.
     */
    async record(reports: readonly ErrorReport[], userId: string | null): Promise<number> {
      const now = clock();
      const groups = new Map<string, typeof errorReports.$inferInsert>();
      for (const raw of reports) {
        const report = scrubSecrets(raw);
        const fingerprint = fingerprintOf(report);
        const seen = groups.get(fingerprint);
        if (seen !== undefined) {
          seen.count = (seen.count ?? 1) + 1;
          continue;
        }
        const { user: _claimedUser, ...context } = report.context ?? {};
        groups.set(fingerprint, {
          fingerprint,
          message: report.message,
          type: report.type ?? null,
          stack: report.stack ?? null,
          sample: {
            context,
            breadcrumbs: report.breadcrumbs ?? [],
            consciousness: report.consciousness ?? null,
            occurredAt: report.timestamp ?? null,
          },
          userId,
          release: report.release ?? null,
          environment: report.environment ?? null,
          count: 1,
          firstSeenAt: now,
          lastSeenAt: now,
        });
      }
      const rows = [...groups.values()];
      if (rows.length === 0) return 0;
      await db
        .insert(errorReports)
        .values(rows)
        .onConflictDoUpdate({
          target: errorReports.fingerprint,
          // It happened again: a resolved error reopens.
          set: {
            count: sql`${errorReports.count} + excluded.count`,
            lastSeenAt: sql`excluded.last_seen_at`,
            sample: sql`excluded.sample`,
            stack: sql`excluded.stack`,
            userId: sql`coalesce(excluded.user_id, ${errorReports.userId})`,
            release: sql`excluded.release`,
            environment: sql`excluded.environment`,
            resolvedAt: null,
            resolvedBy: null,
          },
        });
      return reports.length;
    },

    async list(query: ErrorListQuery) {
      const where =
        query.status === "open"
          ? isNull(errorReports.resolvedAt)
          : isNotNull(errorReports.resolvedAt);
      return fetchPage(
        query,
        db
          .select()
          .from(errorReports)
          .where(where)
          .orderBy(desc(errorReports.lastSeenAt), desc(errorReports.id)),
        db.select({ n: count() }).from(errorReports).where(where),
      );
    },

    /** Marks a group resolved; resolving it again keeps the first resolution. */
    async resolve(id: string, adminId: string): Promise<ErrorReportRow> {
      const [updated] = await db
        .update(errorReports)
        .set({ resolvedAt: clock(), resolvedBy: adminId })
        .where(and(eq(errorReports.id, id), isNull(errorReports.resolvedAt)))
        .returning();
      if (updated !== undefined) return updated;
      const [existing] = await db.select().from(errorReports).where(eq(errorReports.id, id));
      if (existing === undefined) throw notFound("error_report", "No such error report");
      return existing;
    },
  };
}
export type ErrorReportService = ReturnType<typeof createErrorReportService>;
