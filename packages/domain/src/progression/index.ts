// Ranks, levels, the XP bar, world multipliers, milestones, daily bonuses and sample quests (docs/product.md §3, §4, §9; docs/product.md §4).
import type { WorldName } from "../catalog/types.js";
import { UNLIMITED } from "../catalog/types.js";
import { MILESTONES, worldByName } from "../catalog/worlds.js";

export const RANKS = [
  { rank: "novice", from: 0 },
  { rank: "explorer", from: 1000 },
  { rank: "pioneer", from: 5000 },
  { rank: "architect", from: 15000 },
  { rank: "creator", from: 50000 },
  { rank: "master", from: 150000 },
  { rank: "transcendent", from: 500000 },
] as const;
export type Rank = (typeof RANKS)[number]["rank"];

export function rankForExperience(experience: number): Rank {
  let current: Rank = "novice";
  for (const step of RANKS) {
    if (experience >= step.from) current = step.rank;
  }
  return current;
}

export const XP_PER_LEVEL = 1000;

export function levelForExperience(experience: number): number {
  return Math.floor(Math.max(0, experience) / XP_PER_LEVEL) + 1;
}

/** The XP bar: experience modulo 1000, as a percentage. */
export function experienceBarPercent(experience: number): number {
  return ((Math.max(0, experience) % XP_PER_LEVEL) / XP_PER_LEVEL) * 100;
}

export function experienceMultiplier(world: WorldName | null | undefined): number {
  return worldByName(world).progression.experienceMultiplier;
}

/** Experience gained = action value × the world multiplier, rounded to whole points. */
export function experienceGained(actionValue: number, world: WorldName | null | undefined): number {
  return Math.round(actionValue * experienceMultiplier(world));
}

/** Milestones due at this experience that were not awarded yet: each is awarded once. */
export function milestonesDue(experience: number, alreadyAchieved: readonly number[]): number[] {
  return MILESTONES.filter(
    (threshold) => experience >= threshold && !alreadyAchieved.includes(threshold),
  );
}

export const STARTING_TOKENS = 100;

/** XP per action before the world multiplier, with the daily caps of docs/product.md §4. */
export const ACTION_XP = {
  dailySignIn: { xp: 10, dailyCap: 1 },
  apiCall: { xp: 1, dailyCap: 100 },
  universeCreated: { xp: 50, dailyCap: null },
  entityCreated: { xp: 25, dailyCap: null },
  chatMessage: { xp: 2, dailyCap: 200 },
  commandRun: { xp: 5, dailyCap: null },
  knowledgeFileAdded: { xp: 20, dailyCap: null },
} as const satisfies Record<string, { xp: number; dailyCap: number | null }>;
export type ProgressAction = keyof typeof ACTION_XP;

export const DAILY_BONUSES = [
  { day: 1, tokens: 10, xp: 50 },
  { day: 7, tokens: 100, xp: 250 },
  { day: 30, tokens: 500, xp: 1000 },
] as const;
export type DailyBonus = (typeof DAILY_BONUSES)[number];

/** The bonus due when the streak reaches a bonus day the user's world has unlocked; null otherwise. */
export function dailyBonusFor(
  consecutiveLogins: number,
  world: WorldName | null | undefined,
): DailyBonus | null {
  const unlocked = DAILY_BONUSES.slice(0, worldByName(world).progression.dailyBonuses);
  return unlocked.find((bonus) => bonus.day === consecutiveLogins) ?? null;
}

/** Per time zone: its format, and the last minute it was asked about with that minute's date. */
const dateFormats = new Map<
  string,
  { format: Intl.DateTimeFormat; minute: number; date: string }
>();

/** docs/product.md §4: a new day is counted when the calendar date (in the user's time zone) changes. */
export function calendarDate(now: Date, timeZone: string): string {
  let zone = dateFormats.get(timeZone);
  if (zone === undefined) {
    zone = {
      format: new Intl.DateTimeFormat("en-CA", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      }),
      minute: Number.NaN,
      date: "",
    };
    // Building a format is far dearer than using one (every metered call asks); zones are few.
    if (dateFormats.size >= 500) dateFormats.clear();
    dateFormats.set(timeZone, zone);
  }
  // Zones change their date only on a whole minute (offsets are whole minutes since the 1970s), so one format per
  // zone and minute answers every call within it.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== zone.minute) {
    zone.date = zone.format.format(now);
    zone.minute = minute;
  }
  return zone.date;
}

/** The streak after signing in on `today`, given the previous sign-in date (both YYYY-MM-DD). */
export function nextStreak(previous: string | null, today: string, streak: number): number {
  if (previous === null) return 1;
  if (previous === today) return streak;
  const gapDays = Math.round((Date.parse(today) - Date.parse(previous)) / 86_400_000);
  return gapDays === 1 ? streak + 1 : 1;
}

/**
 * A sign-in counts a new day only when the user's calendar date moved forward: the same date, or an earlier one
 * after moving to a time zone behind the old one, counts nothing (docs/decisions/030-streaks-and-time-zones.md).
 */
export function signInDay(
  previous: string | null,
  today: string,
  streak: number,
): { newDay: boolean; streak: number } {
  if (previous !== null && today <= previous) return { newDay: false, streak };
  return { newDay: true, streak: nextStreak(previous, today, streak) };
}

/** The next rank to reach and its threshold; null at the top. */
export function nextRank(experience: number): { rank: Rank; from: number } | null {
  const next = RANKS.find((step) => step.from > experience);
  return next === undefined ? null : { rank: next.rank, from: next.from };
}

export const WORLD_UPGRADE_BONUS_PER_LEVEL = 250;

export function worldUpgradeBonus(from: WorldName, to: WorldName): number {
  const climbed = worldByName(to).level - worldByName(from).level;
  return Math.max(0, climbed) * WORLD_UPGRADE_BONUS_PER_LEVEL;
}

export type { CommunityEventStatus, EventPlace, EventReward, EventStanding } from "./events.js";
export {
  COMMUNITY_EVENT_STATUSES,
  EVENT_MESSAGES,
  EVENT_PLACES,
  eventStatus,
  placesFor,
} from "./events.js";
export type {
  Quest,
  QuestAction,
  QuestCategory,
  QuestDefinition,
  QuestDifficulty,
  QuestGoal,
  QuestStatus,
} from "./quests.js";
export {
  QUEST_CATEGORIES,
  QUEST_DIFFICULTIES,
  QUEST_MESSAGES,
  QUEST_ONLY_ACTIONS,
  QUEST_STATUSES,
  QUESTS,
  questById,
  questCompletedBy,
  SAMPLE_QUESTS,
  tierMeets,
} from "./quests.js";
export {
  CreateEventBody,
  EventIdParams,
  LeaderboardQuery,
  LedgerQuery,
  QuestIdParams,
} from "./requests.js";

export const LEADERBOARD_SIZE = 100;

/** Quest slots of a world; null means unlimited (shown as ∞). */
export function questSlots(world: WorldName | null | undefined): number | null {
  const slots = worldByName(world).progression.questSlots;
  return slots === UNLIMITED ? null : slots;
}
