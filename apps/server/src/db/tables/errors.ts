// Browser error reports, grouped by fingerprint.
import { integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestampTz, uuidId } from "./columns.js";

/** Browser error reports, grouped: identical ones (same fingerprint) raise `count` on one row. */
export const errorReports = pgTable(
  "error_reports",
  {
    id: uuidId(),
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
    firstSeenAt: timestampTz("first_seen_at").notNull().defaultNow(),
    lastSeenAt: timestampTz("last_seen_at").notNull().defaultNow(),
    resolvedAt: timestampTz("resolved_at"),
    resolvedBy: uuid("resolved_by"),
  },
  (table) => [uniqueIndex("error_reports_fingerprint").on(table.fingerprint)],
);
