// The append-only ledger and the progress row it sums to: one transaction per change, the user's progress row locked,
// each credit idempotent by its sourceKey, rank and milestones settled before the transaction commits.
import { toWorldName, type WorldName } from "@aacos/domain/catalog";
import {
  milestonesDue,
  RANKS,
  type Rank,
  rankForExperience,
  STARTING_TOKENS,
} from "@aacos/domain/progression";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { badges, progress, progressLedger, users } from "../../db/schema.js";
import { notFound } from "../../platform/errors.js";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type ProgressRow = typeof progress.$inferSelect;

/** One change of experience and/or tokens, paid at most once per user and sourceKey. */
export interface Grant {
  xp: number;
  tokens: number;
  /** Words for the user's ledger ("Daily sign-in", "Quest completed: Big bang"). */
  reason: string;
  /** What kind of event caused it: an action name, "dailyBonus", "quest", "event", "worldUpgrade", "start". */
  source: string;
  sourceKey: string;
}

/** Something that happened to a user's progress, published once the transaction has committed. */
export type ProgressSignal =
  | { type: "rank_changed"; userId: string; from: Rank; to: Rank; experience: number }
  | { type: "milestone_reached"; userId: string; milestone: number }
  | { type: "quest_completed"; userId: string; questId: string }
  | { type: "daily_bonus"; userId: string; day: number; xp: number; tokens: number }
  | { type: "event_reward"; userId: string; eventId: string; place: number; tokens: number };

/**
 * The seam to the user's signal stream (docs/product.md §1), which does not exist yet: today the app log
 * receives every signal; the signal hub will implement this interface and be passed in instead.
 */
export interface ProgressSignals {
  publish(signal: ProgressSignal): void;
}

export const STARTING_GRANT: Grant = {
  xp: 0,
  tokens: STARTING_TOKENS,
  reason: "Starting tokens",
  source: "start",
  sourceKey: "start",
};

/** What a progress transaction sees: the locked row, the user's world and zone, and a way to pay. */
export interface ProgressContext {
  tx: Tx;
  userId: string;
  now: Date;
  /** The progress row as locked at the start (totals do not include this transaction's credits). */
  row: ProgressRow;
  world: WorldName;
  timeZone: string;
  /** Pays a grant once; false when its sourceKey was paid before. */
  credit(grant: Grant): Promise<boolean>;
  /** Signals to publish after commit (credit and settlement add theirs). */
  signals: ProgressSignal[];
}

async function insertAndIncrement(tx: Tx, userId: string, grant: Grant, now: Date) {
  const inserted = await tx
    .insert(progressLedger)
    .values({ userId, ...grant, createdAt: now })
    .onConflictDoNothing({ target: [progressLedger.userId, progressLedger.sourceKey] })
    .returning({ id: progressLedger.id });
  if (inserted.length === 0) return false;
  if (grant.xp !== 0 || grant.tokens !== 0) {
    // Increments in SQL, never read-modify-write: the totals stay the ledger's sum.
    await tx
      .update(progress)
      .set({
        experience: sql`${progress.experience} + ${grant.xp}`,
        tokens: sql`${progress.tokens} + ${grant.tokens}`,
        updatedAt: now,
      })
      .where(eq(progress.userId, userId));
  }
  return true;
}

/**
 * Creates the progress row on first touch (with the starting tokens as the ledger's first row), then locks it for
 * the rest of the transaction: concurrent changes for one user run one after another, on PostgreSQL as on PGlite.
 */
async function lockProgress(tx: Tx, userId: string, now: Date): Promise<ProgressRow> {
  const created = await tx
    .insert(progress)
    .values({ userId, updatedAt: now })
    .onConflictDoNothing()
    .returning({ userId: progress.userId });
  if (created.length > 0) await insertAndIncrement(tx, userId, STARTING_GRANT, now);
  const [row] = await tx.select().from(progress).where(eq(progress.userId, userId)).for("update");
  if (row === undefined) throw notFound("user", "No such user");
  return row;
}

/** Rank changes and milestones (each once) for the totals as they are now; badges carry the award time. */
async function settleRankAndMilestones(context: ProgressContext) {
  const { tx, userId, now } = context;
  const [row] = await tx.select().from(progress).where(eq(progress.userId, userId));
  if (row === undefined) return;
  const rank = rankForExperience(row.experience);
  const due = milestonesDue(row.experience, row.achievedMilestones);
  const previousRank: Rank = RANKS.find((step) => step.rank === row.rank)?.rank ?? "novice";
  if (rank === row.rank && due.length === 0) return;
  await tx
    .update(progress)
    .set({ rank, achievedMilestones: [...row.achievedMilestones, ...due], updatedAt: now })
    .where(eq(progress.userId, userId));
  const awarded = [
    ...due.map((milestone) => `milestone-${milestone}`),
    ...(rank !== row.rank ? [`rank-${rank}`] : []),
  ];
  await tx
    .insert(badges)
    .values(awarded.map((badge) => ({ userId, badge, awardedAt: now })))
    .onConflictDoNothing();
  for (const milestone of due)
    context.signals.push({ type: "milestone_reached", userId, milestone });
  if (rank !== row.rank) {
    context.signals.push({
      type: "rank_changed",
      userId,
      from: previousRank,
      to: rank,
      experience: row.experience,
    });
  }
}

/**
 * Runs `work` inside the caller's transaction with the user's progress row locked; whatever it credits, the totals
 * move with the ledger, and rank and milestones are settled before the transaction ends. Signals collect in `signals`
 * for the caller to publish after commit.
 */
export async function progressIn<T>(
  tx: Tx,
  userId: string,
  now: Date,
  signals: ProgressSignal[],
  work: (context: ProgressContext) => Promise<T>,
): Promise<T> {
  const [user] = await tx
    .select({ world: users.world, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId));
  if (user === undefined) throw notFound("user", "No such user");
  const row = await lockProgress(tx, userId, now);
  const context: ProgressContext = {
    tx,
    userId,
    now,
    row,
    world: toWorldName(user.world),
    timeZone: user.timeZone,
    credit: (grant) => insertAndIncrement(tx, userId, grant, now),
    signals,
  };
  const value = await work(context);
  await settleRankAndMilestones(context);
  return value;
}

/**
 * Runs one user's work one at a time in this process. Without it, a burst for one user would hold every pooled
 * connection waiting on that user's row lock (and time out); with it, a burst uses one connection and other users
 * go on. The row lock still orders work across instances.
 */
export function createUserQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(userId: string, work: () => Promise<T>): Promise<T> {
      const previous = tails.get(userId) ?? Promise.resolve();
      const result = previous.then(work, work);
      const tail = result.catch(() => undefined);
      tails.set(userId, tail);
      void tail.then(() => {
        if (tails.get(userId) === tail) tails.delete(userId);
      });
      return result;
    },
  };
}
export type UserQueue = ReturnType<typeof createUserQueue>;

export interface ProgressDeps {
  db: Db;
  signals: ProgressSignals;
  queue: UserQueue;
  /** Told after each commit, before the caller goes on (the leaderboard's index). */
  afterCommit?: (userId: string) => Promise<void>;
}

/** `progressIn` in a transaction of its own, queued per user; signals are published only after the commit. */
export async function withProgress<T>(
  deps: ProgressDeps,
  userId: string,
  now: Date,
  work: (context: ProgressContext) => Promise<T>,
): Promise<T> {
  const signals: ProgressSignal[] = [];
  const result = await deps.queue.run(userId, () =>
    deps.db.transaction((tx) => progressIn(tx, userId, now, signals, work)),
  );
  await deps.afterCommit?.(userId);
  for (const signal of signals) deps.signals.publish(signal);
  return result;
}
