// Request bodies and queries of the alerts API: alert rules, alert lists and silences.

import { z } from "zod";
import { fieldIssue } from "../field-errors.js";
import {
  ALERT_CHANNELS,
  ALERT_OPS,
  ALERT_SEVERITIES,
  ALERT_STATUSES,
  USER_METRIC_PATTERN,
} from "../monitoring/index.js";
import { MESSAGES } from "../validation/messages.js";
import { listLimit, Uuid } from "../validation/rules.js";

const Metric = z
  .string({ error: MESSAGES.required })
  .trim()
  .regex(USER_METRIC_PATTERN, MESSAGES.invalidFormat);
const Op = z.enum(ALERT_OPS, { error: MESSAGES.invalidFormat });
const Threshold = z.number({ error: MESSAGES.invalidFormat }).finite();
/** From 10 s to 7 days. */
const WindowSeconds = z
  .number({ error: MESSAGES.invalidFormat })
  .int(MESSAGES.invalidFormat)
  .min(10, MESSAGES.invalidFormat)
  .max(7 * 86_400, MESSAGES.invalidFormat);
const Severity = z.enum(ALERT_SEVERITIES, { error: MESSAGES.invalidFormat });
const Name = z
  .string({ error: MESSAGES.invalidFormat })
  .trim()
  .min(1, MESSAGES.required)
  .max(100, MESSAGES.maxLength(100));
const Channels = z
  .array(z.enum(ALERT_CHANNELS, { error: MESSAGES.invalidFormat }), {
    error: MESSAGES.invalidFormat,
  })
  .min(1, MESSAGES.required)
  .max(3)
  .transform((channels) => [...new Set(channels)]);
const WebhookUrl = z
  .string({ error: MESSAGES.invalidFormat })
  .trim()
  .max(2000, MESSAGES.maxLength(2000))
  .regex(/^https?:\/\/\S+$/, MESSAGES.invalidFormat);

export const AlertRuleBody = z
  .object({
    metric: Metric,
    op: Op,
    threshold: Threshold,
    windowSeconds: WindowSeconds,
    severity: Severity,
    name: Name.optional(),
    channels: Channels.optional(),
    webhookUrl: WebhookUrl.optional(),
  })
  .refine((body) => !body.channels?.includes("webhook") || body.webhookUrl !== undefined, {
    ...fieldIssue(MESSAGES.required, "required"),
    path: ["webhookUrl"],
  });
export type AlertRuleBody = z.infer<typeof AlertRuleBody>;

export const AlertRuleUpdateBody = z
  .object({
    metric: Metric.optional(),
    op: Op.optional(),
    threshold: Threshold.optional(),
    windowSeconds: WindowSeconds.optional(),
    severity: Severity.optional(),
    name: Name.optional(),
    channels: Channels.optional(),
    webhookUrl: WebhookUrl.nullable().optional(),
    enabled: z.boolean({ error: MESSAGES.invalidFormat }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    ...fieldIssue(MESSAGES.required, "required"),
    path: ["metric"],
  });
export type AlertRuleUpdateBody = z.infer<typeof AlertRuleUpdateBody>;

export const AlertListQuery = z.object({
  status: z.enum(ALERT_STATUSES, { error: MESSAGES.invalidFormat }).optional(),
  limit: listLimit(500, 100),
});
export type AlertListQuery = z.infer<typeof AlertListQuery>;

export const SilenceBody = z.object({
  minutes: z
    .number({ error: MESSAGES.invalidFormat })
    .int(MESSAGES.invalidFormat)
    .min(1, MESSAGES.invalidFormat)
    .max(7 * 24 * 60, MESSAGES.invalidFormat),
});
export type SilenceBody = z.infer<typeof SilenceBody>;

export const MonitoringIdParams = z.object({ id: Uuid });
export type MonitoringIdParams = z.infer<typeof MonitoringIdParams>;
