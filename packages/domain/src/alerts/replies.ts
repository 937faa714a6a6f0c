// Replies of alerts: alerts and alert rules, one or a list. Statuses, operators, severities and channels are sent as
// the text the database holds (monitoring/index.ts names the values), so an older row never fails a whole list.
import { z } from "zod";
import { replyOf, Timestamp } from "../replies/common.js";

export const AlertView = z.object({
  id: z.string(),
  ruleId: z.string().nullable(),
  rule: z.string(),
  severity: z.string(),
  /** open, acknowledged or resolved. */
  status: z.string(),
  message: z.string(),
  value: z.number().nullable(),
  suggestedAction: z.string().nullable(),
  /** Fired by "test" on a rule: shown, never counted. */
  test: z.boolean(),
  createdAt: Timestamp,
  acknowledgedAt: Timestamp.nullable(),
  resolvedAt: Timestamp.nullable(),
});
export type AlertView = z.input<typeof AlertView>;

export const AlertRuleView = z.object({
  id: z.string(),
  name: z.string(),
  metric: z.string(),
  op: z.string(),
  threshold: z.number(),
  windowSeconds: z.number(),
  severity: z.string(),
  channels: z.array(z.string()),
  webhookUrl: z.string().nullable(),
  silencedUntil: Timestamp.nullable(),
  enabled: z.boolean(),
  /** The built-in rules every user has; they cannot be changed or deleted. */
  builtIn: z.boolean(),
  createdAt: Timestamp,
});
export type AlertRuleView = z.input<typeof AlertRuleView>;

/** A new webhook rule carries its signing secret, shown this once. */
export const CreatedAlertRuleReply = replyOf("rule", AlertRuleView).extend({
  webhookSecret: z.string().optional(),
});
export type CreatedAlertRuleReply = z.input<typeof CreatedAlertRuleReply>;
