// Every error the server sends: a code from this union and the code's typed params (docs/decisions/242-typed-error-codes.md).
// The English `message` stays in replies for API integrators; the browser translates by code and params only.
// A code with several meanings (not_found, conflict…) names the meaning in a discriminating param (subject, reason,
// window); the sample values below only give each param its type and the locale test something to interpolate.
import type { Widen } from "./code-params.js";

/** Codes with one meaning: code → sample params ({} when the text has no variable part). */
const SINGLE = {
  internal_error: {},
  bad_request: {},
  validation_failed: {},
  account_suspended: {},
  api_key_not_allowed: {},
  api_key_scope: { scope: "" },
  invalid_api_key: {},
  api_key_revoked: {},
  api_key_expired: {},
  registration_closed: {},
  oauth_email_required: {},
  self_service_off: {},
  billing_unavailable: {},
  signature_invalid: {},
  invite_invalid: {},
  invite_other_address: {},
  last_admin: {},
  passkey_failed: {},
  too_many_api_keys: { max: 0 },
  upload_incomplete: {},
  invalid_file: {},
  unreadable_file: {},
  file_too_large: {},
  tier_required: { tier: "" },
  /** `plan`: the tier (or, for the reality forge, the world) that unlocks the feature. */
  feature_locked: { feature: "", plan: "" },
  // Fastify's own client errors keep Fastify's code (integrators may match them).
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {},
  FST_ERR_CTP_BODY_TOO_LARGE: {},
  FST_ERR_CTP_EMPTY_JSON_BODY: {},
  FST_ERR_CTP_INVALID_JSON_BODY: {},
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {},
  FST_ERR_CTP_EMPTY_TYPE: {},
  FST_ERR_CTP_INVALID_TYPE: {},
  FST_INVALID_MULTIPART_CONTENT_TYPE: {},
  FST_REQ_FILE_TOO_LARGE: {},
  FST_FILES_LIMIT: {},
  FST_FIELDS_LIMIT: {},
  FST_PARTS_LIMIT: {},
  FST_PROTO_VIOLATION: {},
} as const;

export type OauthProviderProblem = ErrorMeaning<"oauth_provider_error">;

/** Codes with several meanings: code → discriminating param → meaning → sample params. */
const SEVERAL = {
  not_found: {
    by: "subject",
    meanings: {
      route: { method: "", url: "" },
      resource: {},
      api_key: {},
      alert: {},
      alert_rule: {},
      autonomous_rule: {},
      command: {},
      conversation: {},
      message: {},
      dead_letter: {},
      entity: {},
      error_report: {},
      event: {},
      file: {},
      incident: {},
      invitation: {},
      knowledge_file: {},
      member: {},
      passkey: {},
      payment_provider: {},
      quest: {},
      request: {},
      run: {},
      session: {},
      setting: { kind: "", name: "" },
      setting_field: { kind: "", field: "" },
      sign_in_provider: {},
      team: {},
      template: {},
      universe: {},
      user: {},
    },
  },
  conflict: {
    by: "reason",
    meanings: {
      already_exists: {},
      admin_exists: {},
      alert_changed: {},
      alert_rule_limit: { max: 0 },
      alert_acknowledged: {},
      alert_resolved: {},
      already_invited: {},
      already_knowledge: {},
      already_member: {},
      answer_incomplete: {},
      answer_not_shared: {},
      answer_running: {},
      archived_universe: {},
      cannot_suspend_self: {},
      email_taken: {},
      email_unavailable: {},
      entity_paused: { name: "" },
      entity_paused_by_operator: { name: "" },
      entity_stopped: { name: "" },
      event_ended: {},
      event_joined: {},
      job_not_cancellable: {},
      kill_switch_on: {},
      last_active_admin: {},
      last_admin: {},
      mfa_changed: {},
      mfa_off: {},
      mfa_on: {},
      mfa_setup_first: {},
      oauth_linked_elsewhere: {},
      oauth_link_with_password: {},
      owner_cannot_leave: {},
      plan_changed: {},
      quest_active: {},
      quest_completed: {},
      request_closed: {},
      request_exists: {},
      rule_disabled: {},
      username_taken: {},
    },
  },
  unauthorized: {
    by: "reason",
    meanings: {
      auth_required: {},
      invalid_code: {},
      login_failed: {},
      passkey_other_account: {},
      step_expired: {},
      token_refresh_failed: {},
    },
  },
  forbidden: {
    by: "reason",
    meanings: {
      insufficient_permissions: {},
      entity_held_by_operator: {},
      not_universe_owner: {},
      team_owner_only: {},
      /** A team is handed only to a member whose plan has team collaboration; `plan` unlocks it. */
      new_owner_needs_plan: { plan: "" },
    },
  },
  oauth_provider_error: {
    by: "problem",
    meanings: {
      unreachable: { provider: "" },
      unverified: { provider: "" },
      refused: { provider: "" },
    },
  },
  limit_reached: {
    by: "limit",
    // max: the plan's limit (megabytes for files and training data, gigabytes for storage).
    meanings: {
      maxProjects: { max: 0 },
      maxActiveUniverses: { max: 0 },
      maxEntitiesPerUniverse: { max: 0 },
      maxTrainingDataSize: { max: 0 },
      maxTeamMembers: { max: 0 },
      questSlots: { max: 0 },
      maxFileSize: { max: 0 },
      maxStorageGB: { max: 0 },
      maxAITokensPerDay: { max: 0 },
      maxModelComplexity: { max: 0, model: "", complexity: 0 },
    },
  },
  rate_limited: {
    by: "window",
    meanings: {
      apiCallsPerMinute: { limit: 0, retryAfter: 0, suggestedTier: null as string | null },
      apiCallsPerHour: { limit: 0, retryAfter: 0, suggestedTier: null as string | null },
      apiCallsPerDay: { limit: 0, retryAfter: 0, suggestedTier: null as string | null },
      maxConcurrentRequests: { limit: 0, retryAfter: 0, suggestedTier: null as string | null },
      general: { limit: 0, retryAfter: 0 },
      sign_in: { retryAfter: 0 },
      registration: { retryAfter: 0 },
      password_reset: { retryAfter: 0 },
      confirmation_mail: { retryAfter: 0 },
      verification: { retryAfter: 0 },
      security_events: { limit: 0, retryAfter: 0 },
      security_incidents: { limit: 0, retryAfter: 0 },
      error_reports: { limit: 0, retryAfter: 0 },
    },
  },
} as const;

type Single = typeof SINGLE;
type Several = typeof SEVERAL;

export type ErrorCode = keyof Single | keyof Several;

/** The params of a code: for a code with several meanings, the discriminating param and that meaning's params. */
export type ErrorParams<C extends ErrorCode> = C extends keyof Several
  ? {
      [M in keyof Several[C]["meanings"]]: { [B in Several[C]["by"]]: M } & Widen<
        Several[C]["meanings"][M]
      >;
    }[keyof Several[C]["meanings"]]
  : C extends keyof Single
    ? Widen<Single[C]>
    : never;

/** One error as the server sends it (without the English message): `{code, params}`. */
export type ErrorDetail = { [C in ErrorCode]: { code: C; params: ErrorParams<C> } }[ErrorCode];

/** The meanings of a code with several (e.g. not_found's subjects). */
export type ErrorMeaning<C extends keyof Several> = keyof Several[C]["meanings"];

/** A plan limit a refusal names (limit_reached's meaning). */
export type LimitName = ErrorMeaning<"limit_reached">;

export const ERROR_CODES: readonly ErrorCode[] = [
  ...(Object.keys(SINGLE) as (keyof Single)[]),
  ...(Object.keys(SEVERAL) as (keyof Several)[]),
];

const CODE_SET: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && CODE_SET.has(value);
}

/** The param naming a code's meaning ("subject", "reason", "window"), or null for a code with one meaning. */
export function discriminatorOf(code: ErrorCode): string | null {
  return Object.hasOwn(SEVERAL, code) ? SEVERAL[code as keyof Several].by : null;
}

/**
 * Every meaning the union holds, with sample params: one entry per single code, one per meaning of the others.
 * For tests walking the whole union (the locales translate each one).
 */
export function everyErrorDetail(): ErrorDetail[] {
  const details: { code: string; params: Record<string, unknown> }[] = [];
  for (const [code, params] of Object.entries(SINGLE))
    details.push({ code, params: { ...params } });
  for (const [code, { by, meanings }] of Object.entries(SEVERAL)) {
    for (const [meaning, params] of Object.entries(meanings)) {
      details.push({ code, params: { [by]: meaning, ...params } });
    }
  }
  return details as ErrorDetail[];
}

/** Whether a detail from the wire is one the union holds: a known code and, where it has several, a known meaning. */
export function isKnownDetail(code: unknown, params: unknown): code is ErrorCode {
  if (!isErrorCode(code)) return false;
  const by = discriminatorOf(code);
  if (by === null) return true;
  const meaning = (params as Record<string, unknown> | undefined)?.[by];
  return (
    typeof meaning === "string" && Object.hasOwn(SEVERAL[code as keyof Several].meanings, meaning)
  );
}

export * from "./field-errors.js";
export * from "./run-errors.js";
