// The database schema, one for PGlite and PostgreSQL; migrations under ../../drizzle are generated from it.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** PostgreSQL's full-text document type (Drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Instance-wide settings and one-time markers (for example the first start). */
export const instanceSettings = pgTable("instance_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Accounts. Email and username are stored lower-cased for lookup; `roles` holds domain Role names. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    username: text("username").notNull(),
    displayName: text("display_name"),
    /** argon2id; null for accounts that only sign in through OAuth or passkeys. */
    passwordHash: text("password_hash"),
    roles: text("roles").array().notNull().default(["user"]),
    tier: text("tier").notNull().default("genesis"),
    world: text("world").notNull().default("genesis"),
    timeZone: text("time_zone").notNull().default("UTC"),
    locale: text("locale").notNull().default("he"),
    /** End of the current tier's trial, when it has one. */
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    /** A tier downgrade waits for the end of the paid period. */
    pendingTier: text("pending_tier"),
    periodEndsAt: timestamp("period_ends_at", { withTimezone: true }),
    /** Set by an admin: no sign-in, no refresh, every token refused (docs/decisions/120-user-suspension.md). */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(table.email),
    uniqueIndex("users_username_unique").on(table.username),
    index("users_created").on(table.createdAt),
  ],
);

/** Opaque refresh tokens, stored hashed; rotation links them in a family so reuse can revoke all. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    rememberMe: boolean("remember_me").notNull().default(false),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when this token was exchanged for a new one; presenting it again is reuse. */
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("refresh_tokens_hash_unique").on(table.tokenHash),
    index("refresh_tokens_family").on(table.familyId),
    index("refresh_tokens_user").on(table.userId),
  ],
);

/** TOTP second factor; enabled once the first code verifies. */
export const mfaTotp = pgTable("mfa_totp", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, stored hashed. */
export const mfaRecoveryCodes = pgTable(
  "mfa_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("mfa_recovery_codes_user").on(table.userId)],
);

/** Passkeys (WebAuthn credentials), several per user. */
export const webauthnCredentials = pgTable(
  "webauthn_credentials",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports").array().notNull().default([]),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [index("webauthn_credentials_user").on(table.userId)],
);

/** Short-lived challenges of multi-step flows (WebAuthn ceremonies, OAuth state with PKCE verifier). */
export const authChallenges = pgTable("auth_challenges", {
  id: text("id").primaryKey(),
  purpose: text("purpose").notNull(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  data: jsonb("data").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Accounts at OpenID Connect providers linked to a user. */
export const oauthAccounts = pgTable(
  "oauth_accounts",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] })],
);

/** Password-reset and other single-use mailed tokens, stored hashed. */
export const emailTokens = pgTable("email_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  purpose: text("purpose").notNull(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  data: jsonb("data").notNull().default({}),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Mail that was sent or, without SMTP, kept here for an admin to read. */
export const mailOutbox = pgTable("mail_outbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Who did what, when and from where: sign-ins, failures, MFA and role changes, deletions. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: uuid("actor_id"),
    action: text("action").notNull(),
    targetId: text("target_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    data: jsonb("data").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("audit_log_created").on(table.createdAt)],
);

/** Uploaded files; the bytes live in the storage backend under `storageKey`. */
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    mimeType: text("mime_type").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("files_user").on(table.userId)],
);

/** Every plan change (tier or world) made through the billing provider. */
export const planChanges = pgTable(
  "plan_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    fromPlan: text("from_plan").notNull(),
    toPlan: text("to_plan").notNull(),
    provider: text("provider").notNull(),
    /** Set by an admin change; null when the user changed their own plan. */
    actorId: uuid("actor_id"),
    effectiveAt: timestamp("effective_at", { withTimezone: true }).notNull(),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    bonusTokens: integer("bonus_tokens").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("plan_changes_user").on(table.userId)],
);

/** A user's progress totals; always equal to the sums of their ledger rows (kept in the same transaction). */
export const progress = pgTable(
  "progress",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    experience: bigint("experience", { mode: "number" }).notNull().default(0),
    tokens: bigint("tokens", { mode: "number" }).notNull().default(0),
    rank: text("rank").notNull().default("novice"),
    consecutiveLogins: integer("consecutive_logins").notNull().default(0),
    /** The user's calendar date (their time zone) of the last counted sign-in, YYYY-MM-DD. */
    lastLoginDate: text("last_login_date"),
    lastLogin: timestamp("last_login", { withTimezone: true }),
    achievedMilestones: integer("achieved_milestones").array().notNull().default([]),
    customizations: jsonb("customizations").notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("progress_experience").on(table.experience)],
);

/** Append-only: every change of experience or tokens, with what caused it. `sourceKey` makes a grant happen once. */
export const progressLedger = pgTable(
  "progress_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    xp: integer("xp").notNull().default(0),
    tokens: integer("tokens").notNull().default(0),
    reason: text("reason").notNull(),
    source: text("source").notNull(),
    /** Unique per user: the same event can never be paid twice. */
    sourceKey: text("source_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("progress_ledger_source_unique").on(table.userId, table.sourceKey),
    index("progress_ledger_user_created").on(table.userId, table.createdAt),
    index("progress_ledger_created").on(table.createdAt, table.userId, table.source),
  ],
);

/** Badges with the time they were awarded. */
export const badges = pgTable(
  "badges",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    badge: text("badge").notNull(),
    awardedAt: timestamp("awarded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.badge] })],
);

/** Quests a user started or completed (the catalogue itself lives in the domain package). */
export const userQuests = pgTable(
  "user_quests",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    questId: text("quest_id").notNull(),
    status: text("status").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.questId] }),
    index("user_quests_completed").on(table.completedAt),
  ],
);

/** Community events created by admins; rewards for places 1–3 paid once when they end. */
export const communityEvents = pgTable("community_events", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
  endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  /** [{place, tokens, badge, feature}] for places 1, 2 and 3. */
  rewards: jsonb("rewards").notNull(),
  createdBy: uuid("created_by"),
  settledAt: timestamp("settled_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const eventParticipants = pgTable(
  "event_participants",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => communityEvents.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    place: integer("place"),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.userId] })],
);

/** Runs of scheduled jobs, so several instances run each slot once (the unique key is the slot). */
export const jobRuns = pgTable("job_runs", {
  slot: text("slot").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});

/** Browser error reports, grouped: identical ones (same fingerprint) raise `count` on one row. */
export const errorReports = pgTable(
  "error_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fingerprint: text("fingerprint").notNull(),
    message: text("message").notNull(),
    type: text("type"),
    stack: text("stack"),
    /** The last report's context and breadcrumbs (scrubbed). */
    sample: jsonb("sample").notNull(),
    userId: uuid("user_id"),
    release: text("release"),
    environment: text("environment"),
    count: integer("count").notNull().default(1),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by"),
  },
  (table) => [uniqueIndex("error_reports_fingerprint").on(table.fingerprint)],
);

/** Suspicious activity reported by browsers or found by the server's own check. */
export const securityEvents = pgTable(
  "security_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    userId: uuid("user_id"),
    ip: text("ip"),
    activity: text("activity").notNull(),
    count: integer("count").notNull().default(1),
    data: jsonb("data").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("security_events_created").on(table.createdAt)],
);

export const securityIncidents = pgTable(
  "security_incidents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    source: text("source").notNull(),
    userId: uuid("user_id"),
    ip: text("ip"),
    activity: text("activity").notNull(),
    count: integer("count").notNull(),
    data: jsonb("data").notNull().default({}),
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (table) => [index("security_incidents_created").on(table.createdAt)],
);

/** A user's projects. Archived ones count against maxProjects, not maxActiveUniverses. */
export const universes = pgTable(
  "universes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("universes_user").on(table.userId)],
);

/** AI agents inside a universe. */
export const entities = pgTable(
  "entities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    universeId: uuid("universe_id")
      .notNull()
      .references(() => universes.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    role: text("role").notNull(),
    systemPrompt: text("system_prompt").notNull(),
    model: text("model"),
    temperature: doublePrecision("temperature").notNull().default(0.7),
    status: text("status").notNull().default("idle"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("entities_universe").on(table.universeId),
    index("entities_user").on(table.userId),
  ],
);

/** A file (from the upload API) attached to an entity as knowledge. */
export const knowledgeFiles = pgTable(
  "knowledge_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    entityId: uuid("entity_id")
      .notNull()
      .references(() => entities.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("indexed"),
    passageCount: integer("passage_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("knowledge_files_entity_file").on(table.entityId, table.fileId)],
);

/** Searchable passages of knowledge files; `search` is generated with the `simple` configuration (Hebrew has no stemmer). */
export const passages = pgTable(
  "passages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    knowledgeFileId: uuid("knowledge_file_id")
      .notNull()
      .references(() => knowledgeFiles.id, { onDelete: "cascade" }),
    entityId: uuid("entity_id")
      .notNull()
      .references(() => entities.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    content: text("content").notNull(),
    search: tsvector("search").notNull().generatedAlwaysAs(sql`to_tsvector('simple', content)`),
  },
  (table) => [
    index("passages_search").using("gin", table.search),
    index("passages_entity").on(table.entityId),
  ],
);

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    entityId: uuid("entity_id")
      .notNull()
      .references(() => entities.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("conversations_user").on(table.userId, table.updatedAt)],
);

export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    content: text("content").notNull(),
    /** "openai-compatible" or "retrieval" for answers; null for the user's own. */
    provider: text("provider"),
    /** complete, stopped, failed. */
    status: text("status").notNull().default("complete"),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("messages_conversation").on(table.conversationId, table.createdAt)],
);

/** Every run of an entity: chat answers, command-centre commands, universe syncs (who, what, tokens, time, outcome). */
export const runs = pgTable(
  "runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    universeId: uuid("universe_id"),
    entityId: uuid("entity_id"),
    /** Groups the runs of one command sent to several entities. */
    commandId: uuid("command_id"),
    input: text("input").notNull().default(""),
    output: text("output").notNull().default(""),
    status: text("status").notNull(),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    durationMs: integer("duration_ms").notNull().default(0),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("runs_user_created").on(table.userId, table.createdAt),
    index("runs_created").on(table.createdAt),
  ],
);

/** Reality-forge templates: a saved universe (entities, prompts, settings, knowledge references). */
export const universeTemplates = pgTable("universe_templates", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  content: jsonb("content").notNull(),
  isPublic: boolean("is_public").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One append-only stream of everything that happens for a user (runs, syncs, quota hits, security, progression, alerts). */
export const signals = pgTable(
  "signals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    source: text("source").notNull(),
    severity: text("severity").notNull().default("info"),
    data: jsonb("data").notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("signals_user_id").on(table.userId, table.id),
    index("signals_created").on(table.createdAt),
  ],
);

/** Time series of metrics per server instance (system and request figures), kept for a retention window. */
export const metricSamples = pgTable(
  "metric_samples",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    instance: text("instance").notNull(),
    metric: text("metric").notNull(),
    value: doublePrecision("value").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("metric_samples_metric_created").on(table.metric, table.createdAt)],
);

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

/** A user's consciousness values over time, and their target awareness level. */
export const consciousnessHistory = pgTable(
  "consciousness_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    awareness: doublePrecision("awareness").notNull(),
    integration: doublePrecision("integration").notNull(),
    harmony: doublePrecision("harmony").notNull(),
    targetLevel: doublePrecision("target_level"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("consciousness_history_user").on(table.userId, table.createdAt)],
);

// Later features keep their tables in their own files (one owner each); one schema for Drizzle and drizzle-kit.
export * from "./schema-account.js";
export * from "./schema-admin-settings.js";
export * from "./schema-analytics.js";
export * from "./schema-api-keys.js";
export * from "./schema-autonomous.js";
export * from "./schema-billing.js";
export * from "./schema-jobs.js";
export * from "./schema-orchestration.js";
export * from "./schema-teams.js";
