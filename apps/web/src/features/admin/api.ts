// Calls of the admin console: users (list, edit, suspend, reactivate, sign out everywhere, delete), teams, the mail
// outbox and SMTP flag, error reports, security incidents, the audit log with its CSV export, and dead letters.
import type {
  AdminTeamItem,
  AdminUser,
  AuditEntry,
  AuditPage,
  DeadLetterDropped,
  DeadLetterRetried,
  DeadLetterView,
  ErrorGroup,
  Incident,
  ListOf,
  MailStatus,
  NumberedPageOf,
  OutboxItem,
  PageOf,
  ReplyOf,
  SecurityIncident,
  SignedOutSessions,
} from "@aacos/domain/replies";
import type { AdminUserUpdateBody } from "@aacos/domain/validation";
import { apiDelete, apiDownload, apiGet, apiPost, apiPut } from "../../lib/api-client";

export type { AdminUser, AuditEntry, ErrorGroup, Incident, OutboxItem };
export type DeadLetter = DeadLetterView;

/** Query strings: empty values are left out, so the server applies its defaults. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === "") continue;
    query.set(key, String(value));
  }
  const text = query.toString();
  return text === "" ? "" : `?${text}`;
}

type Params = Record<string, string | number | undefined>;

export const adminKeys = {
  all: ["admin"] as const,
  allUsers: ["admin", "users"] as const,
  users: (params: Params) => ["admin", "users", params] as const,
  teams: (params: Params) => ["admin", "teams", params] as const,
  outbox: ["admin", "outbox"] as const,
  mailStatus: ["admin", "mail-status"] as const,
  allErrors: ["admin", "errors"] as const,
  errors: (params: Params) => ["admin", "errors", params] as const,
  allIncidents: ["admin", "incidents"] as const,
  incidents: (params: Params) => ["admin", "incidents", params] as const,
  audit: (params: Params) => ["admin", "audit", params] as const,
  deadLetters: ["admin", "dead-letters"] as const,
};

export const adminApi = {
  users: (params: Params, signal?: AbortSignal) =>
    apiGet<NumberedPageOf<typeof AdminUser>>(`/users${queryString(params)}`, signal),
  updateUser: (id: string, body: AdminUserUpdateBody) =>
    apiPut<ReplyOf<"user", typeof AdminUser>>(`/users/${encodeURIComponent(id)}`, body).then(
      (r) => r.user,
    ),
  suspendUser: (id: string) =>
    apiPost<ReplyOf<"user", typeof AdminUser>>(`/users/${encodeURIComponent(id)}/suspend`).then(
      (r) => r.user,
    ),
  reactivateUser: (id: string) =>
    apiPost<ReplyOf<"user", typeof AdminUser>>(`/users/${encodeURIComponent(id)}/reactivate`).then(
      (r) => r.user,
    ),
  signOutEverywhere: (id: string) =>
    apiPost<SignedOutSessions>(`/users/${encodeURIComponent(id)}/sign-out-everywhere`),
  deleteUser: (id: string) => apiDelete(`/users/${encodeURIComponent(id)}`),
  teams: (params: Params, signal?: AbortSignal) =>
    apiGet<PageOf<typeof AdminTeamItem>>(`/admin/teams${queryString(params)}`, signal),
  outbox: (signal?: AbortSignal) => apiGet<ListOf<typeof OutboxItem>>("/admin/outbox", signal),
  mailStatus: (signal?: AbortSignal) => apiGet<MailStatus>("/admin/mail/status", signal),
  errors: (params: Params, signal?: AbortSignal) =>
    apiGet<PageOf<typeof ErrorGroup>>(`/admin/errors${queryString(params)}`, signal),
  resolveError: (id: string) =>
    apiPost<ReplyOf<"report", typeof ErrorGroup>>(
      `/admin/errors/${encodeURIComponent(id)}/resolve`,
    ),
  incidents: (params: Params, signal?: AbortSignal) =>
    apiGet<PageOf<typeof Incident>>(`/admin/security/incidents${queryString(params)}`, signal),
  resolveIncident: (id: string) =>
    apiPost<ReplyOf<"incident", typeof SecurityIncident>>(
      `/admin/security/incidents/${encodeURIComponent(id)}/resolve`,
    ),
  audit: (params: Params, signal?: AbortSignal) =>
    apiGet<AuditPage>(`/admin/audit${queryString(params)}`, signal),
  auditCsv: (params: Params) => apiDownload(`/admin/audit.csv${queryString(params)}`),
  deadLetters: (signal?: AbortSignal) =>
    apiGet<ListOf<typeof DeadLetterView>>("/admin/jobs/dead-letters", signal),
  retryDeadLetter: (id: string) =>
    apiPost<DeadLetterRetried>(`/admin/jobs/dead-letters/${encodeURIComponent(id)}/retry`),
  dropDeadLetter: (id: string) =>
    apiDelete<DeadLetterDropped>(`/admin/jobs/dead-letters/${encodeURIComponent(id)}`),
};
