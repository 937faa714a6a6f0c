// Alert rules and alerts.
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users.js";

/** Alert rules: built-in ones (userId null) and user-defined ones over a metric or a signal count. */
export const alertRules = pgTable("alert_rules", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  metric: text("metric").notNull(),
  op: text("op").notNull(),
  threshold: doublePrecision("threshold").notNull(),
  windowSeconds: integer("window_seconds").notNull(),
  severity: text("severity").notNull(),
  /** in-app, email, webhook */
  channels: text("channels").array().notNull().default(["in-app"]),
  webhookUrl: text("webhook_url"),
  silencedUntil: timestamp("silenced_until", { withTimezone: true }),
  enabled: boolean("enabled").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const alerts = pgTable(
  "alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ruleId: uuid("rule_id").references(() => alertRules.id, { onDelete: "set null" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    rule: text("rule").notNull(),
    severity: text("severity").notNull(),
    /** open, acknowledged, resolved */
    status: text("status").notNull().default("open"),
    value: doublePrecision("value"),
    message: text("message").notNull(),
    suggestedAction: text("suggested_action"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (table) => [index("alerts_user_status").on(table.userId, table.status)],
);
