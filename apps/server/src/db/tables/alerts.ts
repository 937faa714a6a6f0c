// Alert rules and alerts.
import { boolean, doublePrecision, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, timestampTz, uuidId } from "./columns.js";
import { users } from "./users.js";

/** Alert rules: built-in ones (userId null) and user-defined ones over a metric or a signal count. */
export const alertRules = pgTable("alert_rules", {
  id: uuidId(),
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
  silencedUntil: timestampTz("silenced_until"),
  enabled: boolean("enabled").notNull().default(true),
  createdAt: createdAt(),
});

export const alerts = pgTable(
  "alerts",
  {
    id: uuidId(),
    ruleId: uuid("rule_id").references(() => alertRules.id, { onDelete: "set null" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    rule: text("rule").notNull(),
    severity: text("severity").notNull(),
    /** open, acknowledged, resolved */
    status: text("status").notNull().default("open"),
    value: doublePrecision("value"),
    message: text("message").notNull(),
    suggestedAction: text("suggested_action"),
    createdAt: createdAt(),
    acknowledgedAt: timestampTz("acknowledged_at"),
    resolvedAt: timestampTz("resolved_at"),
  },
  (table) => [index("alerts_user_status").on(table.userId, table.status)],
);
