// Progression: totals, the ledger they are summed from, badges, quests and community events.
import * as pg from "drizzle-orm/pg-core";
import { cascadeRef, createdAt, timestampTz, updatedAt, uuidId } from "./columns.js";
import { users } from "./users.js";

/** A user's progress totals; always equal to the sums of their ledger rows (kept in the same transaction). */
export const progress = pg.pgTable(
  "progress",
  {
    userId: pg
      .uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    experience: pg.bigint("experience", { mode: "number" }).notNull().default(0),
    tokens: pg.bigint("tokens", { mode: "number" }).notNull().default(0),
    rank: pg.text("rank").notNull().default("novice"),
    consecutiveLogins: pg.integer("consecutive_logins").notNull().default(0),
    /** The user's calendar date (their time zone) of the last counted sign-in, YYYY-MM-DD. */
    lastLoginDate: pg.text("last_login_date"),
    lastLogin: timestampTz("last_login"),
    achievedMilestones: pg.integer("achieved_milestones").array().notNull().default([]),
    customizations: pg.jsonb("customizations").notNull().default({}),
    updatedAt: updatedAt(),
  },
  (table) => [pg.index("progress_experience").on(table.experience)],
);

/** Append-only: every change of experience or tokens, with what caused it. `sourceKey` makes a grant happen once. */
export const progressLedger = pg.pgTable(
  "progress_ledger",
  {
    id: pg.bigserial("id", { mode: "number" }).primaryKey(),
    userId: cascadeRef("user_id", () => users.id),
    xp: pg.integer("xp").notNull().default(0),
    tokens: pg.integer("tokens").notNull().default(0),
    reason: pg.text("reason").notNull(),
    source: pg.text("source").notNull(),
    /** Unique per user: the same event can never be paid twice. */
    sourceKey: pg.text("source_key").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    pg.uniqueIndex("progress_ledger_source_unique").on(table.userId, table.sourceKey),
    pg.index("progress_ledger_user_created").on(table.userId, table.createdAt),
    pg.index("progress_ledger_created").on(table.createdAt, table.userId, table.source),
  ],
);

/** Badges with the time they were awarded. */
export const badges = pg.pgTable(
  "badges",
  {
    userId: cascadeRef("user_id", () => users.id),
    badge: pg.text("badge").notNull(),
    awardedAt: timestampTz("awarded_at").notNull().defaultNow(),
  },
  (table) => [pg.primaryKey({ columns: [table.userId, table.badge] })],
);

/** Quests a user started or completed (the catalogue itself lives in the domain package). */
export const userQuests = pg.pgTable(
  "user_quests",
  {
    userId: cascadeRef("user_id", () => users.id),
    questId: pg.text("quest_id").notNull(),
    status: pg.text("status").notNull(),
    startedAt: timestampTz("started_at").notNull().defaultNow(),
    completedAt: timestampTz("completed_at"),
  },
  (table) => [
    pg.primaryKey({ columns: [table.userId, table.questId] }),
    pg.index("user_quests_completed").on(table.completedAt),
  ],
);

/** Community events created by admins; rewards for places 1–3 paid once when they end. */
export const communityEvents = pg.pgTable("community_events", {
  id: uuidId(),
  name: pg.text("name").notNull(),
  description: pg.text("description").notNull(),
  startsAt: timestampTz("starts_at").notNull(),
  endsAt: timestampTz("ends_at").notNull(),
  /** [{place, tokens, badge, feature}] for places 1, 2 and 3. */
  rewards: pg.jsonb("rewards").notNull(),
  createdBy: pg.uuid("created_by"),
  settledAt: timestampTz("settled_at"),
  createdAt: createdAt(),
});

export const eventParticipants = pg.pgTable(
  "event_participants",
  {
    eventId: cascadeRef("event_id", () => communityEvents.id),
    userId: cascadeRef("user_id", () => users.id),
    joinedAt: timestampTz("joined_at").notNull().defaultNow(),
    place: pg.integer("place"),
  },
  (table) => [pg.primaryKey({ columns: [table.eventId, table.userId] })],
);
