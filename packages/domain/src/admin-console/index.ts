// The admin console's shared rules: its tabs, the users/audit/incident/team list queries and the suspension message.

import { z } from "zod";
import { ROLES } from "../access/index.js";
import { TIER_NAMES, WORLD_NAMES } from "../catalog/types.js";
import { fieldIssue } from "../field-errors.js";
import { MESSAGES } from "../validation/messages.js";
import { pageFields, pageFieldsOf, SearchText } from "../validation/rules.js";

/** The console's tabs, in order; the tab lives in the URL (`/admin?tab=audit`). */
export const ADMIN_TABS = [
  "users",
  "teams",
  "outbox",
  "errors",
  "jobs",
  "incidents",
  "audit",
  "billing",
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** The tab a `?tab=` value names; anything else is the first tab. */
export function adminTabOf(value: string | null | undefined): AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? "") ? (value as AdminTab) : "users";
}

// Zod-free, so the browser's API client loads them without zod (docs/decisions/171-first-paint.md).
export {
  ACCOUNT_SUSPENDED_CODE,
  ACCOUNT_SUSPENDED_MESSAGE,
  ADMIN_CONSOLE_MESSAGES,
} from "./messages.js";

import { ADMIN_CONSOLE_MESSAGES } from "./messages.js";

export const USER_STATUSES = ["active", "suspended"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const USER_SORTS = ["createdAt", "lastSignIn", "username", "email"] as const;
export type UserSort = (typeof USER_SORTS)[number];

const invalid = { error: MESSAGES.invalidFormat };

/** `GET /api/users`: search (email, username, display name), filters, sort and paging — all done in SQL. */
export const AdminUserListQuery = z.object({
  search: SearchText,
  role: z.enum(ROLES, invalid).optional(),
  tier: z.enum(TIER_NAMES, invalid).optional(),
  world: z.enum(WORLD_NAMES, invalid).optional(),
  status: z.enum(USER_STATUSES, invalid).optional(),
  sort: z.enum(USER_SORTS, invalid).default("createdAt"),
  order: z.enum(["asc", "desc"], invalid).default("desc"),
  ...pageFields,
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;

/** A calendar day, YYYY-MM-DD (the browser's date input); the server reads it as a UTC day. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGES.invalidFormat)
  .refine(
    (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
    fieldIssue(MESSAGES.invalidFormat, "invalid_format"),
  );

const auditFilterShape = {
  /** The actor: a user id, or part of their e-mail or username. */
  actor: SearchText,
  /** An action name or its beginning (`user.` finds every user action). */
  action: z
    .string()
    .trim()
    .max(64, MESSAGES.maxLength(64))
    .regex(/^[a-z_.]*$/, MESSAGES.invalidFormat)
    .optional(),
  /** The target: its id, or part of the e-mail or username of the user it names. */
  target: SearchText,
  from: day.optional(),
  to: day.optional(),
};

function datesInOrder(value: { from?: string; to?: string }) {
  return value.from === undefined || value.to === undefined || value.from <= value.to;
}
const dateOrderIssue = {
  ...fieldIssue(ADMIN_CONSOLE_MESSAGES.dateOrder, "date_order"),
  path: ["to"],
};

/** `GET /api/admin/audit`: filters and paging, newest first. */
export const AuditListQuery = z
  .object({ ...auditFilterShape, ...pageFieldsOf(200, 50) })
  .refine(datesInOrder, dateOrderIssue);
export type AuditListQuery = z.infer<typeof AuditListQuery>;

/** `GET /api/admin/audit.csv`: the same filters, every matching row. */
export const AuditExportQuery = z.object(auditFilterShape).refine(datesInOrder, dateOrderIssue);
export type AuditExportQuery = z.infer<typeof AuditExportQuery>;

export const INCIDENT_STATUSES = ["open", "resolved", "all"] as const;

/** `GET /api/admin/security/incidents`: status, activity search, paging, newest first. */
export const IncidentListQuery = z.object({
  status: z.enum(INCIDENT_STATUSES, invalid).default("open"),
  search: SearchText,
  ...pageFieldsOf(100, 25),
});
export type IncidentListQuery = z.infer<typeof IncidentListQuery>;

/** A team in the admin console's list (replies/admin.ts). */
export type { AdminTeamItem } from "./replies.js";
