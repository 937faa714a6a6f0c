// Progression: totals, the ledger they are summed from, badges, quests and community events.
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { cascadeRef, createdAt, timestampTz, updatedAt, uuidId } from "./columns.js";
import { users } from "./users.js";

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
    lastLogin: timestampTz("last_login"),
    achievedMilestones: integer("achieved_milestones").array().notNull().default([]),
    customizations: jsonb("customizations").notNull().default({}),
    updatedAt: updatedAt(),
  },
  (table) => [index("progress_experience").on(table.experience)],
);

/** Append-only: every change of experience or tokens, with what caused it. `sourceKey` makes a grant happen once. */
export const progressLedger = pgTable(
  "progress_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: cascadeRef("user_id", () => users.id),
    xp: integer("xp").notNull().default(0),
    tokens: integer("tokens").notNull().default(0),
    reason: text("reason").notNull(),
    source: text("source").notNull(),
    /** Unique per user: the same event can never be paid twice. */
    sourceKey: text("source_key").notNull(),
    createdAt: createdAt(),
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
    userId: cascadeRef("user_id", () => users.id),
    badge: text("badge").notNull(),
    awardedAt: timestampTz("awarded_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.badge] })],
);

/** Quests a user started or completed (the catalogue itself lives in the domain package). */
export const userQuests = pgTable(
  "user_quests",
  {
    userId: cascadeRef("user_id", () => users.id),
    questId: text("quest_id").notNull(),
    status: text("status").notNull(),
    startedAt: timestampTz("started_at").notNull().defaultNow(),
    completedAt: timestampTz("completed_at"),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.questId] }),
    index("user_quests_completed").on(table.completedAt),
  ],
);

/** Community events created by admins; rewards for places 1–3 paid once when they end. */
export const communityEvents = pgTable("community_events", {
  id: uuidId(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  startsAt: timestampTz("starts_at").notNull(),
  endsAt: timestampTz("ends_at").notNull(),
  /** [{place, tokens, badge, feature}] for places 1, 2 and 3. */
  rewards: jsonb("rewards").notNull(),
  createdBy: uuid("created_by"),
  settledAt: timestampTz("settled_at"),
  createdAt: createdAt(),
});

export const eventParticipants = pgTable(
  "event_participants",
  {
    eventId: cascadeRef("event_id", () => communityEvents.id),
    userId: cascadeRef("user_id", () => users.id),
    joinedAt: timestampTz("joined_at").notNull().defaultNow(),
    place: integer("place"),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.userId] })],
);
