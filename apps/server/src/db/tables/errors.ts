// Browser error reports, grouped by fingerprint.
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** Browser error reports, grouped: identical ones (same fingerprint) raise `count` on one row. */
export const errorReports = pgTable(
  "error_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fingerprint: text("fingerprint").notNull(),
    message: text("message").notNull(),
    type: text("type"),
    stack: text("stack"),
    /** The last report's context and breadcrumbs (scrubbed). */
    sample: jsonb("sample").notNull(),
    userId: uuid("user_id"),
    release: text("release"),
    environment: text("environment"),
    count: integer("count").notNull().default(1),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by"),
  },
  (table) => [uniqueIndex("error_reports_fingerprint").on(table.fingerprint)],
);
