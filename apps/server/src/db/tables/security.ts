// Security events and incidents.
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("security_events_created").on(table.createdAt)],
);

export const securityIncidents = pgTable(
  "security_incidents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    source: text("source").notNull(),
    userId: uuid("user_id"),
    ip: text("ip"),
    activity: text("activity").notNull(),
    count: integer("count").notNull(),
    data: jsonb("data").notNull().default({}),
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (table) => [index("security_incidents_created").on(table.createdAt)],
);
