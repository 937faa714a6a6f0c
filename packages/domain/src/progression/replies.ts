// Replies of the game layer: the user's progress record and ledger, quests, community events and the leaderboard.

import { z } from "zod";
import { TIER_NAMES, WORLD_NAMES } from "../catalog/types.js";
import { Timestamp } from "../replies/common.js";
import { described, userRef } from "../replies/fields.js";
import {
  ACTION_XP,
  COMMUNITY_EVENT_STATUSES,
  EVENT_PLACES,
  type ProgressAction,
  QUEST_CATEGORIES,
  QUEST_DIFFICULTIES,
  QUEST_ONLY_ACTIONS,
  QUEST_STATUSES,
  RANKS,
} from "./index.js";

const RankName = z.enum(RANKS.map((step) => step.rank));
const NextRank = z.object({ rank: RankName, from: z.number() });

/** GET /api/progress/me: the user-progress record of docs/product.md §3, plus what the progress panel derives. */
export const ProgressRecord = z.object({
  userId: z.string(),
  currentWorld: z.enum(WORLD_NAMES),
  rank: RankName,
  experience: z.number(),
  level: z.number(),
  tokens: z.number(),
  consecutiveLogins: z.number(),
  lastLogin: Timestamp.nullable(),
  /** The user's calendar date of the last counted login day (their time zone), YYYY-MM-DD. */
  lastLoginDate: z.string().nullable(),
  achievedMilestones: z.array(z.number()),
  completedQuests: z.array(z.string()),
  badges: z.array(z.object({ badge: z.string(), awardedAt: Timestamp })),
  customizations: z.record(z.string(), z.unknown()),
  nextRank: NextRank.nullable(),
});
export type ProgressRecord = z.input<typeof ProgressRecord>;

export const LedgerItem = z.object({
  id: z.number(),
  xp: z.number(),
  tokens: z.number(),
  reason: z.string(),
  source: z.string(),
  createdAt: Timestamp,
});
export type LedgerItem = z.input<typeof LedgerItem>;

const QuestAction = z.enum([
  ...(Object.keys(ACTION_XP) as ProgressAction[]),
  ...QUEST_ONLY_ACTIONS,
]);
const QuestGoal = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("action"), action: QuestAction, count: z.number() }),
  z.object({ kind: z.literal("streak"), days: z.number() }),
]);

export const QuestView = z.object({
  ...described,
  category: z.enum(QUEST_CATEGORIES),
  difficulty: z.enum(QUEST_DIFFICULTIES),
  xpReward: z.number(),
  tokenReward: z.number(),
  requiredTier: z.enum(TIER_NAMES),
  goal: QuestGoal,
  status: z.enum(QUEST_STATUSES),
  startedAt: Timestamp.nullable(),
  completedAt: Timestamp.nullable(),
  /** How far the goal is: earning actions since the start (or the streak) against the target. */
  progress: z.object({ done: z.number(), target: z.number() }),
});
export type QuestView = z.input<typeof QuestView>;

export const QuestList = z.object({
  items: z.array(QuestView),
  /** Active quests against the world's slots; total null means unlimited. */
  slots: z.object({ used: z.number(), total: z.number().nullable() }),
});
export type QuestList = z.input<typeof QuestList>;

export const EventLeader = z.object({
  ...userRef,
  score: z.number(),
  place: z.number(),
});
export type EventLeader = z.input<typeof EventLeader>;

const EventRewardReply = z.object({
  place: z.literal(EVENT_PLACES),
  tokens: z.number(),
  badge: z.string().nullable(),
  feature: z.string().nullable(),
});

export const CommunityEventView = z.object({
  ...described,
  startsAt: Timestamp,
  endsAt: Timestamp,
  rewards: z.array(EventRewardReply),
  status: z.enum(COMMUNITY_EVENT_STATUSES),
  participants: z.number(),
  joined: z.boolean(),
  settledAt: Timestamp.nullable(),
  /** Places 1–3 as they stand (final once settled). */
  leaders: z.array(EventLeader),
  /** The caller's score and place; null when they have not joined. */
  me: z.object({ score: z.number(), place: z.number().nullable() }).nullable(),
});
export type CommunityEventView = z.input<typeof CommunityEventView>;

export const LeaderboardEntry = z.object({
  ...userRef,
  experience: z.number(),
  rank: RankName,
  /** 1 + the number of users with more experience: equal experience shares a position (listed by user id). */
  position: z.number(),
});
export type LeaderboardEntry = z.input<typeof LeaderboardEntry>;

export const Leaderboard = z.object({
  entries: z.array(LeaderboardEntry),
  /** The caller's position on this board; null when filtering by a world that is not theirs. */
  me: z.object({ position: z.number().nullable(), experience: z.number() }),
});
export type Leaderboard = z.input<typeof Leaderboard>;
