// Sign-in: refresh tokens, the second factors (TOTP, recovery codes, passkeys), multi-step challenges, linked
// OpenID Connect accounts and mailed single-use tokens.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { cascadeRef, createdAt, timestampTz, uuidId } from "./columns.js";
import { users } from "./users.js";

/** Opaque refresh tokens, stored hashed; rotation links them in a family so reuse can revoke all. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: uuidId(),
    userId: cascadeRef("user_id", () => users.id),
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    rememberMe: boolean("remember_me").notNull().default(false),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: createdAt(),
    expiresAt: timestampTz("expires_at").notNull(),
    /** Set when this token was exchanged for a new one; presenting it again is reuse. */
    rotatedAt: timestampTz("rotated_at"),
    revokedAt: timestampTz("revoked_at"),
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
  enabledAt: timestampTz("enabled_at"),
  createdAt: createdAt(),
});

/** One-time recovery codes, stored hashed. */
export const mfaRecoveryCodes = pgTable(
  "mfa_recovery_codes",
  {
    id: uuidId(),
    userId: cascadeRef("user_id", () => users.id),
    codeHash: text("code_hash").notNull(),
    usedAt: timestampTz("used_at"),
  },
  (table) => [index("mfa_recovery_codes_user").on(table.userId)],
);

/** Passkeys (WebAuthn credentials), several per user. */
export const webauthnCredentials = pgTable(
  "webauthn_credentials",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    userId: cascadeRef("user_id", () => users.id),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports").array().notNull().default([]),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestampTz("last_used_at"),
  },
  (table) => [index("webauthn_credentials_user").on(table.userId)],
);

/** Short-lived challenges of multi-step flows (WebAuthn ceremonies, OAuth state with PKCE verifier). */
export const authChallenges = pgTable("auth_challenges", {
  id: text("id").primaryKey(),
  purpose: text("purpose").notNull(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  data: jsonb("data").notNull(),
  expiresAt: timestampTz("expires_at").notNull(),
});

/** Accounts at OpenID Connect providers linked to a user. */
export const oauthAccounts = pgTable(
  "oauth_accounts",
  {
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    userId: cascadeRef("user_id", () => users.id),
    email: text("email"),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] })],
);

/** Password-reset and other single-use mailed tokens, stored hashed. */
export const emailTokens = pgTable("email_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  purpose: text("purpose").notNull(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  data: jsonb("data").notNull().default({}),
  expiresAt: timestampTz("expires_at").notNull(),
  usedAt: timestampTz("used_at"),
  createdAt: createdAt(),
});
