// Security events and incidents.
import { bigserial, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, timestampTz, uuidId } from "./columns.js";

/** Suspicious activity reported by browsers or found by the server's own check. */
export const securityEvents = pgTable(
  "security_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    userId: uuid("user_id"),
    ip: text("ip"),
    activity: text("activity").notNull(),
    count: integer("count").notNull().default(1),
    data: jsonb("data").notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index("security_events_created").on(table.createdAt)],
);

export const securityIncidents = pgTable(
  "security_incidents",
  {
    id: uuidId(),
    source: text("source").notNull(),
    userId: uuid("user_id"),
    ip: text("ip"),
    activity: text("activity").notNull(),
    count: integer("count").notNull(),
    data: jsonb("data").notNull().default({}),
    status: text("status").notNull().default("open"),
    createdAt: createdAt(),
    resolvedAt: timestampTz("resolved_at"),
  },
  (table) => [index("security_incidents_created").on(table.createdAt)],
);
