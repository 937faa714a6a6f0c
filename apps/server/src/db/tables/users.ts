// Accounts: the one table nearly every other table refers to.
import { boolean, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, timestampTz, updatedAt, uuidId } from "./columns.js";

/** Accounts. Email and username are stored lower-cased for lookup; `roles` holds domain Role names. */
export const users = pgTable(
  "users",
  {
    id: uuidId(),
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
    trialEndsAt: timestampTz("trial_ends_at"),
    /** A tier downgrade waits for the end of the paid period. */
    pendingTier: text("pending_tier"),
    periodEndsAt: timestampTz("period_ends_at"),
    /** Set by an admin: no sign-in, no refresh, every token refused (docs/decisions/120-user-suspension.md). */
    suspendedAt: timestampTz("suspended_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(table.email),
    uniqueIndex("users_username_unique").on(table.username),
    index("users_created").on(table.createdAt),
  ],
);

/** The columns a plan in force is read from (`planInForce` in @aacos/domain/catalog). */
export const userPlanColumns = {
  tier: users.tier,
  pendingTier: users.pendingTier,
  periodEndsAt: users.periodEndsAt,
  world: users.world,
};
