// The leaderboard: the top 100 by experience (overall or in one world) and the caller's own position, even far below.
// Read from a board store (board-store.ts) kept in step with the progress table; plain SQL answers until the store
// has been filled, and whenever it fails (docs/decisions/220-leaderboard-index.md).
import { toWorldName, type WorldName } from "@aacos/domain/catalog";
import { LEADERBOARD_SIZE, rankForExperience } from "@aacos/domain/progression";
import type {
  LeaderboardEntry as LeaderboardEntryReply,
  Leaderboard as LeaderboardReply,
} from "@aacos/domain/replies";
import { eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { progress, users } from "../../db/schema.js";
import { type BoardStore, createSqlBoardStore, type Player } from "./board-store.js";
import { createUserQueue } from "./ledger.js";

export type LeaderboardEntry = LeaderboardEntryReply;
export type Leaderboard = LeaderboardReply;

/** How long after a failed store write the store is filled again from the database. */
const REBUILD_RETRY_MS = 1000;
/** Usernames kept for the boards' entries (the top 100 overall and of each world, and some turnover). */
const NAME_CACHE_SIZE = 10_000;

export function createLeaderboardService(deps: {
  db: Db;
  /** The index to read from; none: plain SQL only. */
  store?: BoardStore;
  log?: FastifyBaseLogger;
}) {
  const { db, log } = deps;
  const sqlStore = createSqlBoardStore(db);
  const indexed = deps.store;
  /** The index answers only once it has been filled and while every change since reached it. */
  let ready = false;
  let rebuilding: Promise<void> | null = null;
  let retry: NodeJS.Timeout | null = null;
  /** Counts missed changes: a rebuild that saw one happen while it read does not make the index ready. */
  let misses = 0;
  /** One user's refreshes run one after another, each reading the row as it is at its turn. */
  const queue = createUserQueue();

  function rebuild(): Promise<void> {
    if (indexed === undefined) return Promise.resolve();
    if (rebuilding !== null) return rebuilding;
    const missesBefore = misses;
    const work = indexed
      .rebuild()
      .then(() => {
        if (misses === missesBefore) ready = true;
        else scheduleRebuild();
      })
      .catch((error: unknown) => {
        log?.warn({ err: error }, "leaderboard index not rebuilt; reading from SQL");
        scheduleRebuild();
      })
      .finally(() => {
        rebuilding = null;
      });
    rebuilding = work;
    return work;
  }

  function scheduleRebuild() {
    ready = false;
    misses += 1;
    if (retry !== null) return;
    retry = setTimeout(() => {
      retry = null;
      void rebuild();
    }, REBUILD_RETRY_MS);
    retry.unref();
  }

  /** The index when it can answer, SQL otherwise (and when the index fails). */
  async function read<T>(work: (store: BoardStore) => Promise<T>): Promise<T> {
    if (indexed === undefined || !ready) return work(sqlStore);
    try {
      return await work(indexed);
    } catch (error) {
      log?.warn({ err: error }, "leaderboard index unavailable; reading from SQL");
      return work(sqlStore);
    }
  }

  /**
   * Usernames never change (a deleted user's id is never reused), so the board keeps those it has shown; a refresh
   * of a deleted user drops theirs.
   */
  const names = new Map<string, string>();
  async function usernamesOf(ids: string[]): Promise<Map<string, string>> {
    const missing = ids.filter((id) => !names.has(id));
    if (missing.length > 0) {
      const rows = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, missing));
      if (names.size + rows.length > NAME_CACHE_SIZE) names.clear();
      for (const row of rows) names.set(row.id, row.username);
    }
    const found = new Map<string, string>();
    for (const id of ids) {
      const username = names.get(id);
      if (username !== undefined) found.set(id, username);
    }
    return found;
  }

  /** Highest first; equal experience shares a position and is listed by user id (ascending). */
  async function top(world: WorldName | undefined): Promise<LeaderboardEntry[]> {
    const standings = await read((store) => store.top(world, LEADERBOARD_SIZE));
    const usernames = await usernamesOf(standings.map((standing) => standing.userId));
    const entries: LeaderboardEntry[] = [];
    for (const standing of standings) {
      const username = usernames.get(standing.userId);
      // A user deleted a moment ago: the deletion's own refresh takes them off the board.
      if (username === undefined) continue;
      const previous = entries[entries.length - 1];
      const position =
        previous !== undefined && previous.experience === standing.experience
          ? previous.position
          : entries.length + 1;
      entries.push({
        ...standing,
        username,
        rank: rankForExperience(standing.experience),
        position,
      });
    }
    return entries;
  }

  /** 1 + the number of players with more experience. */
  async function positionOf(experience: number, world: WorldName | undefined): Promise<number> {
    return (await read((store) => store.countAbove(experience, world))) + 1;
  }

  return {
    top,
    positionOf,

    /** Fills the index from the progress table (at start, and after raw SQL writes in tests). */
    rebuild,

    /** Whether reads come from the index now (false: plain SQL). */
    indexed: () => indexed !== undefined && ready,

    /**
     * Tells the index a user's standing as committed now: called after every transaction that changed experience
     * or created a progress row, after a world change and after a deletion.
     */
    async refresh(userId: string): Promise<void> {
      if (indexed === undefined) return;
      await queue.run(userId, async () => {
        try {
          const [row] = await db
            .select({ experience: progress.experience, world: users.world })
            .from(progress)
            .innerJoin(users, eq(users.id, progress.userId))
            .where(eq(progress.userId, userId));
          const player: Player | null = row === undefined ? null : { userId, ...row };
          if (player === null) names.delete(userId);
          await indexed.put(userId, player);
        } catch (error) {
          log?.warn({ err: error, userId }, "leaderboard index missed a change; rebuilding it");
          scheduleRebuild();
        }
      });
    },

    stop() {
      if (retry !== null) clearTimeout(retry);
      retry = null;
    },

    async read(
      me: { userId: string; experience: number; world: string },
      world: WorldName | undefined,
    ): Promise<Leaderboard> {
      const onThisBoard = world === undefined || toWorldName(me.world) === world;
      const [entries, position] = await Promise.all([
        top(world),
        onThisBoard ? positionOf(me.experience, world) : Promise.resolve(null),
      ]);
      return { entries, me: { position, experience: me.experience } };
    },
  };
}
export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
