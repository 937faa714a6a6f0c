// Error reports and security reports (docs/product.md §3, §7, §9): their schemas, caps, the secret scrubber and the grouping key.
import { z } from "zod";
import { MESSAGES } from "../validation/messages.js";
import { pageFieldsOf } from "../validation/rules.js";
import { ERROR_REPORT_LIMITS } from "./scrub.js";

// Zod-free, so the browser can load them without zod (docs/decisions/171-first-paint.md).
export {
  ERROR_REPORT_LIMITS,
  fingerprintSource,
  isSecretKey,
  normaliseMessage,
  REDACTED,
  SUSPICIOUS_ACTIVITY,
  scrubSecrets,
  scrubText,
  topStackFrame,
} from "./scrub.js";

const text = (max: number) =>
  z.string({ error: MESSAGES.invalidFormat }).max(max, MESSAGES.maxLength(max));
const loose = z.record(z.string(), z.unknown());
const moment = z.union([z.string().max(64), z.number()]);

export const Breadcrumb = z.object({
  category: text(200).optional(),
  message: text(2000).optional(),
  level: text(20).optional(),
  type: text(50).optional(),
  timestamp: moment.optional(),
  data: loose.optional(),
});
export type Breadcrumb = z.infer<typeof Breadcrumb>;

/** docs/product.md §3: context (user, session, url, browser, os, device, memory, connection). */
export const ErrorContext = z.object({
  user: z.unknown().optional(),
  session: z.unknown().optional(),
  url: text(2048).optional(),
  browser: z.unknown().optional(),
  os: z.unknown().optional(),
  device: z.unknown().optional(),
  memory: z.unknown().optional(),
  connection: z.unknown().optional(),
});

export const ErrorReport = z.object({
  message: text(ERROR_REPORT_LIMITS.messageLength).min(1, MESSAGES.required),
  type: text(200).optional(),
  stack: text(ERROR_REPORT_LIMITS.stackLength).optional(),
  context: ErrorContext.optional(),
  breadcrumbs: z
    .array(Breadcrumb)
    .max(ERROR_REPORT_LIMITS.breadcrumbs, `At most ${ERROR_REPORT_LIMITS.breadcrumbs} breadcrumbs`)
    .optional(),
  /** docs/product.md §3: the user as the browser knows it; the server trusts only the signed-in principal. */
  user: z
    .object({
      id: text(100).optional(),
      username: text(100).optional(),
      email: text(320).optional(),
    })
    .optional(),
  /** docs/product.md §3: the two consciousness values of the local store. */
  consciousness: z
    .object({ awarenessLevel: z.number().optional(), integrationScore: z.number().optional() })
    .optional(),
  release: text(100).optional(),
  environment: text(100).optional(),
  timestamp: moment.optional(),
});
export type ErrorReport = z.infer<typeof ErrorReport>;

export const ErrorReportBatch = z.object({
  reports: z
    .array(ErrorReport)
    .min(1, MESSAGES.required)
    .max(
      ERROR_REPORT_LIMITS.reportsPerBatch,
      `At most ${ERROR_REPORT_LIMITS.reportsPerBatch} reports per call`,
    ),
});
export type ErrorReportBatch = z.infer<typeof ErrorReportBatch>;

export const ErrorListQuery = z.object({
  status: z.enum(["open", "resolved"], { error: MESSAGES.invalidFormat }).default("open"),
  ...pageFieldsOf(100, 50),
});
export type ErrorListQuery = z.infer<typeof ErrorListQuery>;

/** docs/product.md §3 security report: activity, count (userId and timestamp are the server's to decide). */
export const SecurityEventBody = z.object({
  activity: text(200).min(1, MESSAGES.required),
  count: z.number().int().min(1).max(1_000_000).default(1),
  data: loose.optional(),
  timestamp: moment.optional(),
});
export type SecurityEventBody = z.infer<typeof SecurityEventBody>;

export const SecurityIncidentBody = z.object({
  activity: text(200).min(1, MESSAGES.required),
  count: z.number().int().min(1).max(1_000_000),
  data: loose.optional(),
  timestamp: moment.optional(),
});
export type SecurityIncidentBody = z.infer<typeof SecurityIncidentBody>;
