// The game layer's authority: grants experience and tokens only for actions the server observed (docs/product.md §4's table,
// daily caps, world multiplier), counts login days in the user's time zone, credits world upgrades, and reads progress.
import { randomUUID } from "node:crypto";
import { toWorldName } from "@aacos/domain/catalog";
import {
  ACTION_XP,
  calendarDate,
  dailyBonusFor,
  experienceGained,
  levelForExperience,
  nextRank,
  type ProgressAction,
  type QuestAction,
  RANKS,
  type Rank,
  signInDay,
} from "@aacos/domain/progression";
import type {
  LedgerItem as LedgerItemReply,
  ProgressRecord as ProgressRecordReply,
} from "@aacos/domain/replies";
import { and, asc, count, eq, gt, isNull, like, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { fetchPage } from "../../db/paging.js";
import {
  badges,
  planChanges,
  progress,
  progressLedger,
  refreshTokens,
  userQuests,
  users,
} from "../../db/schema.js";
import type { BoardStore } from "./board-store.js";
import { createEventService } from "./events.js";
import { createLeaderboardService } from "./leaderboard.js";
import {
  createUserQueue,
  type ProgressContext,
  type ProgressSignals,
  withProgress,
} from "./ledger.js";
import { completeQuests, createQuestService } from "./quests.js";

/** GET /api/progress/me: the user-progress record of docs/product.md §3, plus what the progress panel derives. */
export type ProgressRecord = ProgressRecordReply;
export type LedgerItem = LedgerItemReply;

export interface ActionResult {
  /** Experience and tokens this action paid (its own XP and any quest it completed). */
  xp: number;
  tokens: number;
  completedQuests: string[];
}

const ACTION_REASONS: Record<ProgressAction, string> = {
  dailySignIn: "Daily sign-in",
  apiCall: "API call",
  universeCreated: "Universe created",
  entityCreated: "Entity created",
  chatMessage: "Chat message",
  commandRun: "Command run",
  knowledgeFileAdded: "Knowledge file added",
};

/** A present user is one whose browser refreshed its session within the hour (the web app refreshes hourly). */
const PRESENCE_WINDOW_MS = 3_600_000;

function isProgressAction(action: QuestAction): action is ProgressAction {
  return action in ACTION_XP;
}

function toRank(value: string): Rank {
  return RANKS.find((step) => step.rank === value)?.rank ?? "novice";
}

/** The totals and what this transaction added, read back before commit. */
async function paidSince(context: ProgressContext) {
  const [row] = await context.tx
    .select({ experience: progress.experience, tokens: progress.tokens })
    .from(progress)
    .where(eq(progress.userId, context.userId));
  return {
    xp: (row?.experience ?? 0) - context.row.experience,
    tokens: (row?.tokens ?? 0) - context.row.tokens,
  };
}

/** Where rank changes and other progress signals go until the signal hub exists: the app log. */
export function logSignals(log: FastifyBaseLogger): ProgressSignals {
  return {
    publish(signal) {
      if (signal.type === "rank_changed") {
        log.info({ signal }, `rank changed: ${signal.from} → ${signal.to}`);
      } else {
        log.info({ signal }, `progress: ${signal.type}`);
      }
    },
  };
}

/** Keeps at most this many users' "API-call XP capped today" marks in this process. */
const CAPPED_CACHE_SIZE = 10_000;

/** How often the API calls counted in memory are written as XP (docs/decisions/214-api-call-xp-flushed.md). */
export const API_CALL_FLUSH_MS = 5_000;
/** Users whose API-call XP is written at the same time during a flush. */
const FLUSH_CONCURRENCY = 4;
/** A grant that failed this many flushes in a row is dropped (logged), not retried for ever. */
const FLUSH_ATTEMPTS = 3;

/** Runs `tick` every `ms` until the returned function is called; tests pass one they tick by hand. */
export type Every = (ms: number, tick: () => void) => () => void;

const everyInterval: Every = (ms, tick) => {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
};

/** API calls seen for one user on one calendar date and not yet written. */
interface PendingCalls {
  userId: string;
  /** The first call's instant: its calendar date is the day whose cap the calls count against. */
  at: Date;
  calls: number;
  /** The batch's ledger key (rows `apiCall:<date>:<key>:1…n`); kept when a failed write is retried. */
  key: string;
  attempts: number;
}

export function createProgressionService(deps: {
  db: Db;
  clock: () => Date;
  signals: ProgressSignals;
  log: FastifyBaseLogger;
  /** The leaderboard's index (Redis or in process); none: the leaderboard reads SQL. */
  board?: BoardStore;
  /** How often API-call XP is written (API_CALL_FLUSH_MS); null: only by `drain()` and `stop()`. */
  apiCallFlushMs?: number | null;
  /** The timer behind the flushes (setInterval by default). */
  every?: Every;
}) {
  const { db, clock, log } = deps;
  const leaderboard = createLeaderboardService({
    db,
    log,
    ...(deps.board === undefined ? {} : { store: deps.board }),
  });
  const ledgerDeps = {
    db,
    signals: deps.signals,
    queue: createUserQueue(),
    afterCommit: leaderboard.refresh,
  };

  /** Counts the day when the user's calendar date moved on; `sign-in` also stamps lastLogin. */
  async function countDay(userId: string, kind: "sign-in" | "presence"): Promise<ActionResult> {
    return withProgress(ledgerDeps, userId, clock(), async (context) => {
      const { tx, row, now } = context;
      const today = calendarDate(now, context.timeZone);
      const day = signInDay(row.lastLoginDate, today, row.consecutiveLogins);
      if (!day.newDay) {
        if (kind === "sign-in") {
          await tx.update(progress).set({ lastLogin: now }).where(eq(progress.userId, userId));
        }
        return { xp: 0, tokens: 0, completedQuests: [] };
      }
      // The date is the key: two devices signing in at the same moment pay the day once.
      await context.credit({
        xp: experienceGained(ACTION_XP.dailySignIn.xp, context.world),
        tokens: 0,
        reason: ACTION_REASONS.dailySignIn,
        source: "dailySignIn",
        sourceKey: `dailySignIn:${today}`,
      });
      const bonus = dailyBonusFor(day.streak, context.world);
      if (bonus !== null) {
        const paid = await context.credit({
          xp: bonus.xp,
          tokens: bonus.tokens,
          reason: `Day ${bonus.day} login bonus`,
          source: "dailyBonus",
          sourceKey: `dailyBonus:${today}`,
        });
        if (paid) {
          context.signals.push({
            type: "daily_bonus",
            userId,
            day: bonus.day,
            xp: bonus.xp,
            tokens: bonus.tokens,
          });
        }
      }
      await tx
        .update(progress)
        .set({ consecutiveLogins: day.streak, lastLoginDate: today, lastLogin: now })
        .where(eq(progress.userId, userId));
      const completed = await completeQuests(context, {
        action: "dailySignIn",
        streak: day.streak,
      });
      return { ...(await paidSince(context)), completedQuests: completed };
    });
  }

  /**
   * Credits an action (idempotent by `key`). `times` > 1 credits that many of a capped action in one transaction,
   * each its own ledger row as if reported one by one (keys `key:1`, `key:2`, …), as far as the daily cap allows.
   */
  async function recordAction(
    userId: string,
    action: QuestAction,
    key: string,
    times = 1,
    /** When the action happened, if earlier than now: a capped action counts against that day's cap. */
    at?: Date,
  ): Promise<ActionResult> {
    if (action === "dailySignIn") return countDay(userId, "sign-in");
    return withProgress(ledgerDeps, userId, clock(), async (context) => {
      const { tx, world, timeZone } = context;
      let fresh = true;
      if (isProgressAction(action)) {
        const { xp, dailyCap } = ACTION_XP[action];
        const grant = {
          xp: experienceGained(xp, world),
          tokens: 0,
          reason: ACTION_REASONS[action],
          source: action,
        };
        if (dailyCap === null) {
          fresh = await context.credit({ ...grant, sourceKey: `${action}:${key}` });
        } else {
          // The cap counts today's rows under the row lock, so simultaneous actions cannot pass it together.
          const prefix = `${action}:${calendarDate(at ?? context.now, timeZone)}:`;
          const [today] = await tx
            .select({ n: count() })
            .from(progressLedger)
            .where(
              and(eq(progressLedger.userId, userId), like(progressLedger.sourceKey, `${prefix}%`)),
            );
          const allowed = Math.min(times, dailyCap - (today?.n ?? 0));
          fresh = false;
          for (let index = 1; index <= allowed; index++) {
            const sourceKey = times === 1 ? `${prefix}${key}` : `${prefix}${key}:${index}`;
            if (await context.credit({ ...grant, sourceKey })) fresh = true;
          }
        }
      } else if (action === "helpfulAnswer") {
        // No XP of its own; the zero row is the mark, so one answer counts once however often it is marked.
        fresh = await context.credit({
          xp: 0,
          tokens: 0,
          reason: "Shared answer marked helpful",
          source: action,
          sourceKey: `${action}:${key}`,
        });
      }
      // The same action reported twice completes nothing the second time.
      const completed = fresh
        ? await completeQuests(context, { action, streak: context.row.consecutiveLogins })
        : [];
      return { ...(await paidSince(context)), completedQuests: completed };
    });
  }

  /** Credits world-upgrade bonuses recorded in plan_changes and not yet in the ledger (`world-upgrade:<id>`). */
  async function creditWorldUpgrades(userId?: string): Promise<number> {
    const due = await db
      .select({
        id: planChanges.id,
        userId: planChanges.userId,
        fromPlan: planChanges.fromPlan,
        toPlan: planChanges.toPlan,
        bonusTokens: planChanges.bonusTokens,
      })
      .from(planChanges)
      .leftJoin(
        progressLedger,
        and(
          eq(progressLedger.userId, planChanges.userId),
          eq(progressLedger.sourceKey, sql`'world-upgrade:' || ${planChanges.id}`),
        ),
      )
      .where(
        and(
          eq(planChanges.kind, "world"),
          gt(planChanges.bonusTokens, 0),
          isNull(progressLedger.id),
          userId === undefined ? undefined : eq(planChanges.userId, userId),
        ),
      )
      .orderBy(asc(planChanges.createdAt));
    let credited = 0;
    for (const change of due) {
      const paid = await withProgress(ledgerDeps, change.userId, clock(), (context) =>
        context.credit({
          xp: 0,
          tokens: change.bonusTokens,
          reason: `World upgrade: ${change.fromPlan} → ${change.toPlan}`,
          source: "worldUpgrade",
          sourceKey: `world-upgrade:${change.id}`,
        }),
      );
      if (paid) credited += 1;
    }
    return credited;
  }

  /** The progress row, created with its starting tokens on the first look. */
  async function ensureProgress(userId: string) {
    const [row] = await db.select().from(progress).where(eq(progress.userId, userId));
    return row ?? withProgress(ledgerDeps, userId, clock(), async (context) => context.row);
  }

  const countDaysOfPresentUsers = async (): Promise<number> => {
    // Session rows are stamped by the app's clock, so the window is measured on it too.
    const present = await db
      .selectDistinct({ userId: refreshTokens.userId })
      .from(refreshTokens)
      .where(
        and(
          gt(refreshTokens.createdAt, new Date(clock().getTime() - PRESENCE_WINDOW_MS)),
          isNull(refreshTokens.revokedAt),
        ),
      );
    let counted = 0;
    for (const { userId } of present) {
      const result = await countDay(userId, "presence");
      if (result.xp > 0) counted += 1;
    }
    return counted;
  };

  /** Users whose API-call XP is used up for their calendar date: their calls skip the database until it changes. */
  const capped = new Map<string, string>();
  /** API calls counted and not yet written, by user and calendar date; the flush running now, if any. */
  const waiting = new Map<string, PendingCalls>();
  let flushing: Promise<void> = Promise.resolve();
  let flushes = 0;
  let stopped = false;

  async function writeCalls(batch: PendingCalls, day: string) {
    const result = await recordAction(
      batch.userId,
      "apiCall",
      batch.key,
      batch.calls,
      batch.at,
    ).catch((error: unknown) => {
      batch.attempts += 1;
      if (batch.attempts >= FLUSH_ATTEMPTS) {
        log.warn(
          { err: error, userId: batch.userId, calls: batch.calls },
          "API-call XP not recorded",
        );
        return null;
      }
      // Kept, with its key, for the next flush; calls counted meanwhile are added to it.
      log.warn(
        { err: error, userId: batch.userId, calls: batch.calls },
        "API-call XP kept for the next flush",
      );
      const entry = `${batch.userId}|${day}`;
      const later = waiting.get(entry);
      waiting.set(entry, { ...batch, calls: batch.calls + (later?.calls ?? 0) });
      return null;
    });
    // Nothing paid: the day's cap is reached, so this user's calls skip the database until their date moves on.
    if (result !== null && result.xp === 0) {
      if (capped.size >= CAPPED_CACHE_SIZE) capped.clear();
      capped.set(batch.userId, day);
    }
  }

  /** Writes the calls counted so far (every user's, or one user's), a few users at a time, each in one transaction. */
  async function writeWaiting(userId?: string) {
    const batches = [...waiting.entries()].filter(
      ([, batch]) => userId === undefined || batch.userId === userId,
    );
    for (const [entry] of batches) waiting.delete(entry);
    let next = 0;
    const worker = async () => {
      for (let item = batches[next++]; item !== undefined; item = batches[next++]) {
        const [entry, batch] = item;
        await writeCalls(batch, entry.slice(entry.indexOf("|") + 1));
      }
    };
    await Promise.all(Array.from({ length: Math.min(FLUSH_CONCURRENCY, batches.length) }, worker));
  }

  /**
   * One flush at a time, so two never write the same calls; resolves when the calls counted so far (every user's,
   * or only `userId`'s) are written.
   */
  function flushApiCalls(userId?: string): Promise<void> {
    flushes += 1;
    flushing = flushing
      .then(() => writeWaiting(userId))
      .catch((error: unknown) => log.error({ err: error }, "API-call XP flush failed"));
    const mine = flushing;
    void mine.finally(() => {
      flushes -= 1;
    });
    return mine;
  }

  async function drainApiCalls(): Promise<void> {
    do await flushApiCalls();
    while (waiting.size > 0);
  }

  const flushMs = deps.apiCallFlushMs === undefined ? API_CALL_FLUSH_MS : deps.apiCallFlushMs;
  const stopTimer =
    flushMs === null
      ? () => {}
      : (deps.every ?? everyInterval)(flushMs, () => {
          // A flush still writing skips this tick; what it did not take waits for the next one.
          if (flushes === 0 && waiting.size > 0) void flushApiCalls();
        });

  const quests = createQuestService({
    ...ledgerDeps,
    clock,
    onStarted: (userId) => capped.delete(userId),
  });
  const events = createEventService({
    db,
    clock,
    signals: deps.signals,
    onJoined: (userId, eventId) => recordAction(userId, "eventJoined", eventId),
  });

  return {
    recordAction,
    quests,
    events,
    leaderboard,

    /**
     * A successful metered API call (reported by the onSend hook): counted in memory, written as API-call XP within
     * the daily cap (and the first_api_call quest) by the next flush — at most one transaction per user per
     * interval, each call still its own ledger row (docs/decisions/214-api-call-xp-flushed.md). Failures are
     * logged, never surfaced to the caller.
     */
    observeApiCall(userId: string, timeZone: string): void {
      const now = clock();
      const today = calendarDate(now, timeZone);
      if (capped.get(userId) === today) return;
      const entry = `${userId}|${today}`;
      const batch = waiting.get(entry);
      if (batch !== undefined) batch.calls += 1;
      else waiting.set(entry, { userId, at: now, calls: 1, key: randomUUID(), attempts: 0 });
      // After stop() (a request finishing during shutdown) nothing ticks any more: written at once.
      if (stopped) void flushApiCalls();
    },

    /** Writes the API calls counted so far and resolves when they are in the ledger (tests, shutdown). */
    drain: drainApiCalls,

    /**
     * Writes the API calls this instance counted for one user now, so the user's next read of their own progress
     * shows what they just did rather than up to one interval later (the toasts compare two reads). Calls counted by
     * another instance still wait for its flush.
     */
    async flushUser(userId: string): Promise<void> {
      for (const batch of waiting.values()) {
        if (batch.userId === userId) return flushApiCalls(userId);
      }
    },

    /** Ends the flush timer and writes what is still counted (graceful stop, before the database closes). */
    async stop(): Promise<void> {
      stopped = true;
      stopTimer();
      await drainApiCalls();
    },

    /**
     * docs/product.md §4's hourly check, run by the scheduler once per hour across all instances: counts the new day for
     * present users, pays ended community events, and credits any world upgrade not yet in the ledger.
     */
    async hourlyCheck() {
      const daysCounted = await countDaysOfPresentUsers();
      const eventsSettled = await events.settleEnded();
      const upgradesCredited = await creditWorldUpgrades();
      return { daysCounted, eventsSettled, upgradesCredited };
    },

    /** A sign-in (any method): counts the day in the user's time zone, with the streak and its bonus. */
    recordSignIn: (userId: string) => countDay(userId, "sign-in"),

    creditWorldUpgrades,

    /** docs/product.md §4's day counting for users present within the hour (their session was refreshed). */
    countDaysOfPresentUsers,

    async read(userId: string): Promise<ProgressRecord> {
      const row = await ensureProgress(userId);
      const [user] = await db
        .select({ world: users.world })
        .from(users)
        .where(eq(users.id, userId));
      const [owned, completed] = await Promise.all([
        db
          .select()
          .from(badges)
          .where(eq(badges.userId, userId))
          .orderBy(asc(badges.awardedAt), asc(badges.badge)),
        db
          .select({ questId: userQuests.questId })
          .from(userQuests)
          .where(and(eq(userQuests.userId, userId), eq(userQuests.status, "completed")))
          .orderBy(asc(userQuests.completedAt)),
      ]);
      const customizations =
        typeof row.customizations === "object" &&
        row.customizations !== null &&
        !Array.isArray(row.customizations)
          ? (row.customizations as Record<string, unknown>)
          : {};
      return {
        userId,
        currentWorld: toWorldName(user?.world),
        rank: toRank(row.rank),
        experience: row.experience,
        level: levelForExperience(row.experience),
        tokens: row.tokens,
        consecutiveLogins: row.consecutiveLogins,
        lastLogin: row.lastLogin?.toISOString() ?? null,
        lastLoginDate: row.lastLoginDate,
        achievedMilestones: row.achievedMilestones,
        completedQuests: completed.map((quest) => quest.questId),
        badges: owned.map((badge) => ({
          badge: badge.badge,
          awardedAt: badge.awardedAt.toISOString(),
        })),
        customizations,
        nextRank: nextRank(row.experience),
      };
    },

    /** The user's ledger, oldest first: the starting tokens are the first row. */
    async ledger(
      userId: string,
      page: number,
      pageSize: number,
    ): Promise<{ items: LedgerItem[]; total: number }> {
      await ensureProgress(userId);
      const { items, total } = await fetchPage(
        { page, pageSize },
        db
          .select()
          .from(progressLedger)
          .where(eq(progressLedger.userId, userId))
          .orderBy(asc(progressLedger.id)),
        db.select({ n: count() }).from(progressLedger).where(eq(progressLedger.userId, userId)),
      );
      return {
        items: items.map((row) => ({
          id: row.id,
          xp: row.xp,
          tokens: row.tokens,
          reason: row.reason,
          source: row.source,
          createdAt: row.createdAt.toISOString(),
        })),
        total,
      };
    },
  };
}
export type ProgressionService = ReturnType<typeof createProgressionService>;
