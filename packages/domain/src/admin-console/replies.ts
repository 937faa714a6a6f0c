// Replies of the admin console: users, the audit log, security events and incidents, error groups, the mail outbox.
import { z } from "zod";
import { numberedPageOf, Timestamp } from "../replies/common.js";
import { namedWithOwner } from "../replies/fields.js";

/** The JSON a record carries as it was stored (audit details, incident data, an error's sample). */
const Stored = z.unknown();

export const AuditEntry = z.object({
  id: z.number(),
  createdAt: Timestamp,
  actorId: z.string().nullable(),
  actorUsername: z.string().nullable(),
  action: z.string(),
  targetId: z.string().nullable(),
  targetUsername: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  data: Stored,
});
export type AuditEntry = z.input<typeof AuditEntry>;
export const AuditPage = numberedPageOf(AuditEntry);
export type AuditPage = z.input<typeof AuditPage>;

/** What security events and incidents both record: whose, from where, what and how often. */
const securityActivity = {
  userId: z.string().nullable(),
  ip: z.string().nullable(),
  activity: z.string(),
  count: z.number(),
  data: Stored,
};

export const SecurityIncident = z.object({
  id: z.string(),
  source: z.string(),
  ...securityActivity,
  status: z.string(),
  createdAt: Timestamp,
  resolvedAt: Timestamp.nullable(),
});
export type SecurityIncident = z.input<typeof SecurityIncident>;
/** An incident in the console's list, with the username of the account it concerns. */
export const Incident = SecurityIncident.extend({ username: z.string().nullable() });
export type Incident = z.input<typeof Incident>;

export const SecurityEvent = z.object({
  id: z.number(),
  kind: z.string(),
  ...securityActivity,
  createdAt: Timestamp,
});
export type SecurityEvent = z.input<typeof SecurityEvent>;
export const SecurityOverview = z.object({
  events: z.array(SecurityEvent),
  incidents: z.array(SecurityIncident),
});
export type SecurityOverview = z.input<typeof SecurityOverview>;

export const ErrorGroup = z.object({
  id: z.string(),
  message: z.string(),
  type: z.string().nullable(),
  stack: z.string().nullable(),
  count: z.number(),
  userId: z.string().nullable(),
  release: z.string().nullable(),
  environment: z.string().nullable(),
  firstSeenAt: Timestamp,
  lastSeenAt: Timestamp,
  resolvedAt: Timestamp.nullable(),
  sample: Stored,
});
export type ErrorGroup = z.input<typeof ErrorGroup>;

export const OutboxItem = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: Timestamp,
});
export type OutboxItem = z.input<typeof OutboxItem>;

export const MailStatus = z.object({ smtpConfigured: z.boolean() });
export type MailStatus = z.input<typeof MailStatus>;

/** 202 for reports the server took in. */
export const AcceptedCount = z.object({ accepted: z.number() });
export type AcceptedCount = z.input<typeof AcceptedCount>;
export const AcceptedFlag = z.object({ accepted: z.boolean() });
export type AcceptedFlag = z.input<typeof AcceptedFlag>;

/** GET /api/admin/teams: every team with its owner, size and shares. */
export const AdminTeamItem = z.object({
  ...namedWithOwner,
  memberCount: z.number(),
  sharedUniverses: z.number(),
  createdAt: Timestamp,
});
export type AdminTeamItem = z.input<typeof AdminTeamItem>;
