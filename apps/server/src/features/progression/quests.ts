// Quests: the catalogue with each user's status, starting one within the world's slots and the required tier, and
// completing active quests from the actions the server observes (once each, paid through the ledger).
import type { TierName, WorldName } from "@aacos/domain/catalog";
import {
  QUEST_MESSAGES,
  QUESTS,
  type QuestAction,
  type QuestDefinition,
  type QuestGoal,
  type QuestStatus,
  questById,
  questCompletedBy,
  questSlots,
  tierMeets,
} from "@aacos/domain/progression";
import type {
  QuestList as QuestListReply,
  QuestView as QuestViewReply,
} from "@aacos/domain/replies";
import { and, count, eq, gte } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { progress, progressLedger, userQuests } from "../../db/schema.js";
import { AppError, conflict, notFound } from "../../platform/errors.js";
import {
  type ProgressContext,
  type ProgressSignals,
  type Tx,
  type UserQueue,
  withProgress,
} from "./ledger.js";

export type QuestView = QuestViewReply;
export type QuestList = QuestListReply;

type UserQuestRow = typeof userQuests.$inferSelect;

function targetOf(goal: QuestGoal): number {
  return goal.kind === "streak" ? goal.days : goal.count;
}

/** Earning actions of that kind the user made since the quest was started (ledger rows, so capped ones do not count). */
async function actionsSince(tx: Tx | Db, userId: string, action: QuestAction, since: Date) {
  const [row] = await tx
    .select({ n: count() })
    .from(progressLedger)
    .where(
      and(
        eq(progressLedger.userId, userId),
        eq(progressLedger.source, action),
        gte(progressLedger.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Inside a progress transaction: completes the user's active quests that this observation finishes, each once
 * (the status flip and the ledger's `quest:<id>` key both guard it). Returns the ids completed.
 */
export async function completeQuests(
  context: ProgressContext,
  observed: { action: QuestAction | null; streak: number },
): Promise<string[]> {
  const { tx, userId, now } = context;
  const active = await tx
    .select()
    .from(userQuests)
    .where(and(eq(userQuests.userId, userId), eq(userQuests.status, "active")));
  const completed: string[] = [];
  for (const row of active) {
    const quest = questById(row.questId);
    if (quest === undefined) continue;
    const { goal } = quest;
    if (goal.kind === "action" && goal.action !== observed.action) continue;
    const actionsSinceStart =
      goal.kind === "action" && goal.count > 1
        ? await actionsSince(tx, userId, goal.action, row.startedAt)
        : 1;
    const done = questCompletedBy(goal, {
      action: observed.action ?? "dailySignIn",
      actionsSinceStart,
      streak: observed.streak,
    });
    if (!done) continue;
    const flipped = await tx
      .update(userQuests)
      .set({ status: "completed", completedAt: now })
      .where(
        and(
          eq(userQuests.userId, userId),
          eq(userQuests.questId, quest.id),
          eq(userQuests.status, "active"),
        ),
      )
      .returning({ questId: userQuests.questId });
    if (flipped.length === 0) continue;
    await context.credit({
      xp: quest.xpReward,
      tokens: quest.tokenReward,
      reason: `Quest completed: ${quest.name}`,
      source: "quest",
      sourceKey: `quest:${quest.id}`,
    });
    context.signals.push({ type: "quest_completed", userId, questId: quest.id });
    completed.push(quest.id);
  }
  return completed;
}

export function createQuestService(deps: {
  db: Db;
  clock: () => Date;
  signals: ProgressSignals;
  queue: UserQueue;
  /** Called after a quest starts, so this process's shortcuts (the capped API-call cache) look again. */
  onStarted?: (userId: string) => void;
}) {
  const { db, clock } = deps;

  async function view(
    quest: QuestDefinition,
    row: UserQuestRow | undefined,
    tier: TierName,
    userId: string,
    streak: number,
  ): Promise<QuestView> {
    const target = targetOf(quest.goal);
    let status: QuestStatus = tierMeets(tier, quest.requiredTier) ? "available" : "locked";
    let done = 0;
    if (row?.status === "completed") {
      status = "completed";
      done = target;
    } else if (row?.status === "active") {
      status = "active";
      done =
        quest.goal.kind === "streak"
          ? streak
          : await actionsSince(db, userId, quest.goal.action, row.startedAt);
    }
    return {
      ...quest,
      status,
      startedAt: row?.startedAt.toISOString() ?? null,
      completedAt: row?.completedAt?.toISOString() ?? null,
      progress: { done: Math.min(done, target), target },
    };
  }

  async function list(userId: string, tier: TierName, world: WorldName): Promise<QuestList> {
    const rows = await db.select().from(userQuests).where(eq(userQuests.userId, userId));
    const [own] = await db
      .select({ streak: progress.consecutiveLogins })
      .from(progress)
      .where(eq(progress.userId, userId));
    const byId = new Map(rows.map((row) => [row.questId, row]));
    const items = await Promise.all(
      QUESTS.map((quest) => view(quest, byId.get(quest.id), tier, userId, own?.streak ?? 0)),
    );
    return {
      items,
      slots: {
        used: rows.filter((row) => row.status === "active").length,
        total: questSlots(world),
      },
    };
  }

  return {
    list,

    /** Starts a quest: once per quest, within the world's slots, when the subscription tier meets requiredTier. */
    async start(userId: string, tier: TierName, questId: string): Promise<QuestView> {
      const quest = questById(questId);
      if (quest === undefined) throw notFound("quest", QUEST_MESSAGES.notFound);
      if (!tierMeets(tier, quest.requiredTier)) {
        throw new AppError("tier_required", 403, QUEST_MESSAGES.tierRequired(quest.requiredTier), {
          params: { tier: quest.requiredTier },
          extra: {
            suggestedTier: quest.requiredTier,
            upgradeUrl: `/tiers?upgrade=${quest.requiredTier}`,
            reason: "requiredTier",
          },
        });
      }
      // The progress row lock serialises a user's starts, so two at once cannot both take the last slot.
      await withProgress(deps, userId, clock(), async (context) => {
        const { tx, now } = context;
        const rows = await tx.select().from(userQuests).where(eq(userQuests.userId, userId));
        const existing = rows.find((row) => row.questId === questId);
        if (existing?.status === "completed")
          throw conflict("quest_completed", QUEST_MESSAGES.alreadyCompleted);
        if (existing !== undefined) throw conflict("quest_active", QUEST_MESSAGES.alreadyActive);
        const slots = questSlots(context.world);
        const used = rows.filter((row) => row.status === "active").length;
        if (slots !== null && used >= slots) {
          throw new AppError("limit_reached", 403, QUEST_MESSAGES.slotsFull(slots), {
            params: { limit: "questSlots", max: slots },
            extra: { upgradeUrl: "/tiers", reason: "questSlots" },
          });
        }
        await tx.insert(userQuests).values({ userId, questId, status: "active", startedAt: now });
        // A streak quest the user has already earned completes at once.
        if (quest.goal.kind === "streak") {
          await completeQuests(context, { action: null, streak: context.row.consecutiveLogins });
        }
      });
      deps.onStarted?.(userId);
      const [row] = await db
        .select()
        .from(userQuests)
        .where(and(eq(userQuests.userId, userId), eq(userQuests.questId, questId)));
      const [own] = await db
        .select({ streak: progress.consecutiveLogins })
        .from(progress)
        .where(eq(progress.userId, userId));
      return view(quest, row, tier, userId, own?.streak ?? 0);
    },
  };
}
export type QuestService = ReturnType<typeof createQuestService>;
