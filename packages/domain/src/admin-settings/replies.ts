// Replies of the settings: the public switches every visitor reads, the admin's full view (catalogue values with
// their defaults, mail and AI configuration), a change's answer, the change history and the mail and AI checks.
import { z } from "zod";
import { pageOf, Timestamp } from "../replies/common.js";

/** What a visitor's browser reads: GET /api/settings/public. */
export const PublicSettings = z.object({
  registrationOpen: z.boolean(),
  maintenanceMessage: z.string().nullable(),
  /** Without a payment provider (test mode): users change their own plan; off → they ask an admin. */
  selfServicePlans: z.boolean(),
});
export type PublicSettings = z.input<typeof PublicSettings>;

/** A tier's or world's editable numbers by field name (TIER_LIMIT_KEYS, WORLD_LIMIT_KEYS, the price keys). */
export const PlanValues = z.object({
  limits: z.record(z.string(), z.number()),
  price: z.record(z.string(), z.number()),
});
export type PlanValues = z.input<typeof PlanValues>;

export const PlanSettings = z.object({
  name: z.string(),
  displayName: z.object({ en: z.string(), he: z.string() }),
  defaults: PlanValues,
  values: PlanValues,
  /** Fields an admin changed, as `limits.maxTeamMembers` / `price.monthly`. */
  overridden: z.array(z.string()),
});
export type PlanSettings = z.input<typeof PlanSettings>;

export const SmtpStatus = z.object({
  configured: z.boolean(),
  /** Host and port only: never the credentials of SMTP_URL. */
  server: z.string().nullable(),
  from: z.string(),
});
export type SmtpStatus = z.input<typeof SmtpStatus>;

export const AiStatus = z.object({
  provider: z.enum(["openai-compatible", "retrieval"]),
  model: z.string().nullable(),
  /** The base URL's origin, without any path or credentials. */
  server: z.string().nullable(),
});
export type AiStatus = z.input<typeof AiStatus>;

export const AdminSettings = PublicSettings.extend({
  tiers: z.array(PlanSettings),
  worlds: z.array(PlanSettings),
  smtp: SmtpStatus,
  ai: AiStatus,
});
export type AdminSettings = z.input<typeof AdminSettings>;

/** One changed field, as the audit log records it. */
export const FieldChange = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });
export type FieldChange = z.input<typeof FieldChange>;

/** A change's answer: what changed (nothing when the values were already so) and the settings now. */
export const SettingsReply = z.object({ changes: z.array(FieldChange), settings: AdminSettings });
export type SettingsReply = z.input<typeof SettingsReply>;

export const SETTINGS_CHANGE_KINDS = ["tier", "world", "site"] as const;

export const SettingsChange = z.object({
  id: z.number(),
  kind: z.enum(SETTINGS_CHANGE_KINDS),
  name: z.string().nullable(),
  field: z.string(),
  oldValue: z.unknown(),
  newValue: z.unknown(),
  actorEmail: z.string().nullable(),
  changedAt: Timestamp,
});
export type SettingsChange = z.input<typeof SettingsChange>;
export const SettingsHistory = pageOf(SettingsChange);
export type SettingsHistory = z.input<typeof SettingsHistory>;

export const CHECK_CODES = [
  "mailSent",
  "mailKept",
  "mailFailed",
  "offline",
  "aiAnswered",
  "aiFailed",
] as const;
export type CheckCode = (typeof CHECK_CODES)[number];

/** A mail or AI check: `code` and `values` let the screen say it in the user's language; `message` is English. */
export const CheckResult = z.object({
  ok: z.boolean(),
  code: z.enum(CHECK_CODES),
  message: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  detail: z.string().optional(),
});
export type CheckResult = z.input<typeof CheckResult>;
