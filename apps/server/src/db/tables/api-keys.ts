// Personal API keys (docs/decisions/161-personal-api-keys.md).
// Only a SHA-256 of the key is kept: keys are 32 random bytes, so a slow hash adds nothing.
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { cascadeRef, timestampTz, uuidId } from "./columns.js";
import { users } from "./users.js";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuidId(),
    userId: cascadeRef("user_id", () => users.id),
    name: text("name").notNull(),
    /** "read", "write", "ai" (API_KEY_SCOPES in @aacos/domain/api-keys). */
    scopes: text("scopes").array().notNull(),
    keyHash: text("key_hash").notNull(),
    /** The key's first characters ("aacos_AbCd") and last four, to tell keys apart in the list. */
    prefix: text("prefix").notNull(),
    last4: text("last4").notNull(),
    createdAt: timestampTz("created_at").notNull(),
    expiresAt: timestampTz("expires_at"),
    /** Kept to the minute: written at most once a minute per key, not on every call. */
    lastUsedAt: timestampTz("last_used_at"),
    revokedAt: timestampTz("revoked_at"),
  },
  (table) => [
    uniqueIndex("api_keys_hash_unique").on(table.keyHash),
    index("api_keys_user").on(table.userId),
  ],
);
