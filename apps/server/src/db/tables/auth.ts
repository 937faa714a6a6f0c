// Sign-in: refresh tokens, the second factors (TOTP, recovery codes, passkeys), multi-step challenges, linked
// OpenID Connect accounts and mailed single-use tokens.
import * as pg from "drizzle-orm/pg-core";
import { cascadeRef, createdAt, timestampTz, uuidId } from "./columns.js";
import { users } from "./users.js";

/** Opaque refresh tokens, stored hashed; rotation links them in a family so reuse can revoke all. */
export const refreshTokens = pg.pgTable(
  "refresh_tokens",
  {
    id: uuidId(),
    userId: cascadeRef("user_id", () => users.id),
    familyId: pg.uuid("family_id").notNull(),
    tokenHash: pg.text("token_hash").notNull(),
    rememberMe: pg.boolean("remember_me").notNull().default(false),
    userAgent: pg.text("user_agent"),
    ip: pg.text("ip"),
    createdAt: createdAt(),
    expiresAt: timestampTz("expires_at").notNull(),
    /** Set when this token was exchanged for a new one; presenting it again is reuse. */
    rotatedAt: timestampTz("rotated_at"),
    revokedAt: timestampTz("revoked_at"),
  },
  (table) => [
    pg.uniqueIndex("refresh_tokens_hash_unique").on(table.tokenHash),
    pg.index("refresh_tokens_family").on(table.familyId),
    pg.index("refresh_tokens_user").on(table.userId),
  ],
);

/** TOTP second factor; enabled once the first code verifies. */
export const mfaTotp = pg.pgTable("mfa_totp", {
  userId: pg
    .uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: pg.text("secret").notNull(),
  enabledAt: timestampTz("enabled_at"),
  createdAt: createdAt(),
});

/** One-time recovery codes, stored hashed. */
export const mfaRecoveryCodes = pg.pgTable(
  "mfa_recovery_codes",
  {
    id: uuidId(),
    userId: cascadeRef("user_id", () => users.id),
    codeHash: pg.text("code_hash").notNull(),
    usedAt: timestampTz("used_at"),
  },
  (table) => [pg.index("mfa_recovery_codes_user").on(table.userId)],
);

/** Passkeys (WebAuthn credentials), several per user. */
export const webauthnCredentials = pg.pgTable(
  "webauthn_credentials",
  {
    /** The credential id, base64url. */
    id: pg.text("id").primaryKey(),
    userId: cascadeRef("user_id", () => users.id),
    publicKey: pg.text("public_key").notNull(),
    counter: pg.integer("counter").notNull().default(0),
    transports: pg.text("transports").array().notNull().default([]),
    name: pg.text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestampTz("last_used_at"),
  },
  (table) => [pg.index("webauthn_credentials_user").on(table.userId)],
);

/** Short-lived challenges of multi-step flows (WebAuthn ceremonies, OAuth state with PKCE verifier). */
export const authChallenges = pg.pgTable("auth_challenges", {
  id: pg.text("id").primaryKey(),
  purpose: pg.text("purpose").notNull(),
  userId: pg.uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  data: pg.jsonb("data").notNull(),
  expiresAt: timestampTz("expires_at").notNull(),
});

/** Accounts at OpenID Connect providers linked to a user. */
export const oauthAccounts = pg.pgTable(
  "oauth_accounts",
  {
    provider: pg.text("provider").notNull(),
    subject: pg.text("subject").notNull(),
    userId: cascadeRef("user_id", () => users.id),
    email: pg.text("email"),
    createdAt: createdAt(),
  },
  (table) => [pg.primaryKey({ columns: [table.provider, table.subject] })],
);

/** Password-reset and other single-use mailed tokens, stored hashed. */
export const emailTokens = pg.pgTable("email_tokens", {
  tokenHash: pg.text("token_hash").primaryKey(),
  purpose: pg.text("purpose").notNull(),
  userId: pg.uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  data: pg.jsonb("data").notNull().default({}),
  expiresAt: timestampTz("expires_at").notNull(),
  usedAt: timestampTz("used_at"),
  createdAt: createdAt(),
});
