// The quest catalogue (docs/product.md §3's four samples and more), what completes each quest, and who may take it.
import { TIER_NAMES, type TierName } from "../catalog/types.js";
import type { ProgressAction } from "./index.js";

export const QUEST_CATEGORIES = ["onboarding", "creation", "ai", "community"] as const;
export type QuestCategory = (typeof QUEST_CATEGORIES)[number];
export const QUEST_DIFFICULTIES = ["easy", "medium", "hard"] as const;
export type QuestDifficulty = (typeof QUEST_DIFFICULTIES)[number];
/** available: may be started; locked: needs a higher subscription tier. */
export const QUEST_STATUSES = ["available", "locked", "active", "completed"] as const;
export type QuestStatus = (typeof QUEST_STATUSES)[number];

/** Actions that only complete quests (no XP of their own). */
export const QUEST_ONLY_ACTIONS = ["helpfulAnswer", "eventJoined"] as const;
/** Actions the server observes: the XP-earning ones of ACTION_XP plus a few that only complete quests. */
export type QuestAction = ProgressAction | (typeof QUEST_ONLY_ACTIONS)[number];

/**
 * What completes a quest, checked by the server when it observes the action:
 * `count` earning actions after the quest was started, or a login streak of `days`.
 */
export type QuestGoal =
  | { kind: "action"; action: QuestAction; count: number }
  | { kind: "streak"; days: number };

export interface Quest {
  id: string;
  name: string;
  description: string;
  category: QuestCategory;
  difficulty: QuestDifficulty;
  xpReward: number;
  tokenReward: number;
  requiredTier: TierName;
}

export interface QuestDefinition extends Quest {
  goal: QuestGoal;
}

export const SAMPLE_QUESTS: readonly QuestDefinition[] = [
  {
    id: "first_api_call",
    name: "First contact",
    description: "Make your first API call.",
    category: "onboarding",
    difficulty: "easy",
    xpReward: 50,
    tokenReward: 10,
    requiredTier: "genesis",
    goal: { kind: "action", action: "apiCall", count: 1 },
  },
  {
    id: "create_universe",
    name: "Big bang",
    description: "Create your first universe.",
    category: "creation",
    difficulty: "easy",
    xpReward: 100,
    tokenReward: 25,
    requiredTier: "genesis",
    goal: { kind: "action", action: "universeCreated", count: 1 },
  },
  {
    id: "train_model",
    name: "Teach an entity",
    description: "Give an entity its first knowledge file.",
    category: "ai",
    difficulty: "medium",
    xpReward: 300,
    tokenReward: 75,
    requiredTier: "quantum",
    goal: { kind: "action", action: "knowledgeFileAdded", count: 1 },
  },
  {
    id: "community_helper",
    name: "Community helper",
    description: "Share a universe with your team; a teammate marks one of its answers helpful.",
    category: "community",
    difficulty: "hard",
    xpReward: 500,
    tokenReward: 150,
    requiredTier: "genesis",
    goal: { kind: "action", action: "helpfulAnswer", count: 1 },
  },
];

/** The whole catalogue: the samples first, then the quests that fit the rest of the product. */
export const QUESTS: readonly QuestDefinition[] = [
  ...SAMPLE_QUESTS,
  {
    id: "first_entity",
    name: "Spark of life",
    description: "Create your first entity in a universe.",
    category: "creation",
    difficulty: "easy",
    xpReward: 75,
    tokenReward: 15,
    requiredTier: "genesis",
    goal: { kind: "action", action: "entityCreated", count: 1 },
  },
  {
    id: "first_conversation",
    name: "First words",
    description: "Send your first chat message to an entity.",
    category: "ai",
    difficulty: "easy",
    xpReward: 50,
    tokenReward: 10,
    requiredTier: "genesis",
    goal: { kind: "action", action: "chatMessage", count: 1 },
  },
  {
    id: "first_command",
    name: "Command the cosmos",
    description: "Run your first command from the AI command centre.",
    category: "ai",
    difficulty: "easy",
    xpReward: 75,
    tokenReward: 15,
    requiredTier: "genesis",
    goal: { kind: "action", action: "commandRun", count: 1 },
  },
  {
    id: "week_streak",
    name: "Seven dawns",
    description: "Sign in seven days in a row.",
    category: "onboarding",
    difficulty: "medium",
    xpReward: 200,
    tokenReward: 50,
    requiredTier: "genesis",
    goal: { kind: "streak", days: 7 },
  },
  {
    id: "join_event",
    name: "Gathering",
    description: "Join a community event.",
    category: "community",
    difficulty: "easy",
    xpReward: 50,
    tokenReward: 20,
    requiredTier: "genesis",
    goal: { kind: "action", action: "eventJoined", count: 1 },
  },
  {
    id: "deep_conversation",
    name: "Deep conversation",
    description: "Send 50 chat messages to your entities.",
    category: "ai",
    difficulty: "medium",
    xpReward: 150,
    tokenReward: 40,
    requiredTier: "genesis",
    goal: { kind: "action", action: "chatMessage", count: 50 },
  },
  {
    id: "multiverse",
    name: "Multiverse",
    description: "Create three universes.",
    category: "creation",
    difficulty: "medium",
    xpReward: 250,
    tokenReward: 60,
    requiredTier: "genesis",
    goal: { kind: "action", action: "universeCreated", count: 3 },
  },
  {
    id: "orchestra",
    name: "Orchestra",
    description: "Create five entities.",
    category: "creation",
    difficulty: "medium",
    xpReward: 200,
    tokenReward: 50,
    requiredTier: "quantum",
    goal: { kind: "action", action: "entityCreated", count: 5 },
  },
  {
    id: "command_chain",
    name: "Chain of command",
    description: "Run 25 commands.",
    category: "ai",
    difficulty: "medium",
    xpReward: 250,
    tokenReward: 60,
    requiredTier: "quantum",
    goal: { kind: "action", action: "commandRun", count: 25 },
  },
  {
    id: "librarian",
    name: "Librarian",
    description: "Add ten knowledge files to your entities.",
    category: "ai",
    difficulty: "hard",
    xpReward: 400,
    tokenReward: 100,
    requiredTier: "cosmic",
    goal: { kind: "action", action: "knowledgeFileAdded", count: 10 },
  },
  {
    id: "month_streak",
    name: "Lunar cycle",
    description: "Sign in thirty days in a row.",
    category: "community",
    difficulty: "hard",
    xpReward: 1000,
    tokenReward: 250,
    requiredTier: "genesis",
    goal: { kind: "streak", days: 30 },
  },
];

export function questById(id: string): QuestDefinition | undefined {
  return QUESTS.find((quest) => quest.id === id);
}

/** A quest's requiredTier is met by that subscription tier or any above it. */
export function tierMeets(tier: TierName, required: TierName): boolean {
  return TIER_NAMES.indexOf(tier) >= TIER_NAMES.indexOf(required);
}

/**
 * Whether an active quest is done after observing `action`: `actionsSinceStart` counts the earning actions of the
 * quest's kind since it was started (the one just observed included); `streak` is the current login streak.
 */
export function questCompletedBy(
  goal: QuestGoal,
  observed: { action: QuestAction; actionsSinceStart: number; streak: number },
): boolean {
  if (goal.kind === "streak") return observed.streak >= goal.days;
  return goal.action === observed.action && observed.actionsSinceStart >= goal.count;
}

/** The quest API's refusals, one wording for server and browser. */
export const QUEST_MESSAGES = {
  notFound: "No such quest",
  tierRequired: (tier: TierName) => `This quest needs the ${tier} tier`,
  slotsFull: (slots: number) => `All ${slots} quest slots are in use`,
  alreadyActive: "This quest is already active",
  alreadyCompleted: "This quest is already completed",
} as const;
