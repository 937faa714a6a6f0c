// Where the leaderboard reads standings from (docs/decisions/220-leaderboard-index.md): a Redis sorted set per board
// shared by every instance, an in-process order-statistic index on PGlite (one process per DATA_DIR), or plain SQL
// (PostgreSQL without Redis, and while an index is being rebuilt). The progress table stays the truth: each store is
// filled from it at start and told about every change after its transaction commits.
import { WORLD_NAMES, type WorldName } from "@aacos/domain/catalog";
import { and, count, desc, eq, gt, inArray } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Db } from "../../db/client.js";
import { progress, users } from "../../db/schema.js";
import { OrderedBoard, type Standing } from "./ordered-board.js";

export type { Standing };

/** A player as the boards need them: experience and world. */
export interface Player extends Standing {
  world: string;
}

export interface BoardStore {
  /** Highest first; equal experience by user id ascending. */
  top(world: WorldName | undefined, limit: number): Promise<Standing[]>;
  /** Players with more experience than `experience`, on the whole board or in one world. */
  countAbove(experience: number, world: WorldName | undefined): Promise<number>;
  /** The player as the database has them now (after commit); a missing player leaves every board. */
  put(userId: string, player: Player | null): Promise<void>;
  /** Refills the store from the progress table. */
  rebuild(): Promise<void>;
}

/** Rows per page when a store is rebuilt from the database. */
const PAGE = 10_000;

/** Every player with a progress row, a page at a time in user id order. */
async function* allPlayers(db: Db): AsyncGenerator<Player[]> {
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const page = await db
      .select({ userId: progress.userId, experience: progress.experience, world: users.world })
      .from(progress)
      .innerJoin(users, eq(users.id, progress.userId))
      .where(gt(progress.userId, after))
      .orderBy(progress.userId)
      .limit(PAGE);
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1]?.userId ?? after;
    if (page.length < PAGE) return;
  }
}

export function createSqlBoardStore(db: Db): BoardStore {
  return {
    async top(world, limit) {
      return db
        .select({ userId: progress.userId, experience: progress.experience })
        .from(progress)
        .innerJoin(users, eq(users.id, progress.userId))
        .where(world === undefined ? undefined : eq(users.world, world))
        .orderBy(desc(progress.experience), progress.userId)
        .limit(limit);
    },
    async countAbove(experience, world) {
      const above =
        world === undefined
          ? await db
              .select({ n: count() })
              .from(progress)
              .where(gt(progress.experience, experience))
          : await db
              .select({ n: count() })
              .from(progress)
              .innerJoin(users, eq(users.id, progress.userId))
              .where(and(gt(progress.experience, experience), eq(users.world, world)));
      return above[0]?.n ?? 0;
    },
    async put() {},
    async rebuild() {},
  };
}

/** One ordered board overall and one per world, in this process. */
export function createMemoryBoardStore(db: Db): BoardStore {
  const overall = new OrderedBoard();
  const worlds = new Map<string, OrderedBoard>();
  const worldOf = new Map<string, string>();
  /** Changes told while a rebuild reads the table: applied again over the loaded snapshot. */
  let during: Map<string, Player | null> | null = null;
  const boardOf = (world: string) => {
    let board = worlds.get(world);
    if (board === undefined) {
      board = new OrderedBoard();
      worlds.set(world, board);
    }
    return board;
  };
  const store: BoardStore = {
    async top(world, limit) {
      return (world === undefined ? overall : boardOf(world)).top(limit);
    },
    async countAbove(experience, world) {
      return (world === undefined ? overall : boardOf(world)).countAbove(experience);
    },
    async put(userId, player) {
      during?.set(userId, player);
      const previous = worldOf.get(userId);
      if (previous !== undefined && previous !== player?.world) boardOf(previous).remove(userId);
      if (player === null) {
        overall.remove(userId);
        worldOf.delete(userId);
        return;
      }
      overall.set(userId, player.experience);
      boardOf(player.world).set(userId, player.experience);
      worldOf.set(userId, player.world);
    },
    async rebuild() {
      const changes = new Map<string, Player | null>();
      during = changes;
      const players: Player[] = [];
      try {
        for await (const page of allPlayers(db)) players.push(...page);
      } finally {
        during = null;
      }
      // Loaded in one go between awaits: no change can land half-way.
      overall.load(players);
      worlds.clear();
      worldOf.clear();
      const byWorld = new Map<string, Player[]>();
      for (const player of players) {
        worldOf.set(player.userId, player.world);
        const list = byWorld.get(player.world) ?? [];
        list.push(player);
        byWorld.set(player.world, list);
      }
      for (const [world, list] of byWorld) boardOf(world).load(list);
      for (const [userId, player] of changes) await store.put(userId, player);
    },
  };
  return store;
}

/**
 * Sorted sets in Redis shared by every instance: `<prefix>:board:all` and `<prefix>:board:world:<name>`, the score
 * minus the experience so that ZRANGE lists the highest first and equal scores by member (the user id) ascending.
 * Experience only grows, so every write keeps the higher experience (ZADD LT): a late write of an older figure from
 * another instance cannot undo a newer one.
 */
export function createRedisBoardStore(db: Db, redis: Redis, prefix: string): BoardStore {
  const allKey = `${prefix}:board:all`;
  const worldKey = (world: string) => `${prefix}:board:world:${world}`;
  const worldKeys = WORLD_NAMES.map(worldKey);
  const key = (world: WorldName | undefined) => (world === undefined ? allKey : worldKey(world));
  return {
    async top(world, limit) {
      const flat = await redis.zrange(key(world), "0", String(limit - 1), "WITHSCORES");
      const standings: Standing[] = [];
      for (let at = 0; at + 1 < flat.length; at += 2) {
        standings.push({ userId: flat[at] ?? "", experience: -Number(flat[at + 1]) });
      }
      return standings;
    },
    async countAbove(experience, world) {
      return redis.zcount(key(world), "-inf", `(${-experience}`);
    },
    async put(userId, player) {
      const multi = redis.multi();
      if (player === null) {
        multi.zrem(allKey, userId);
        for (const other of worldKeys) multi.zrem(other, userId);
      } else {
        const own = worldKey(player.world);
        multi.zadd(allKey, "LT", -player.experience, userId);
        for (const other of worldKeys) if (other !== own) multi.zrem(other, userId);
        multi.zadd(own, "LT", -player.experience, userId);
      }
      await multi.exec();
    },
    async rebuild() {
      let players = 0;
      for await (const page of allPlayers(db)) {
        players += page.length;
        const multi = redis.multi();
        multi.zadd(allKey, "LT", ...page.flatMap((player) => [-player.experience, player.userId]));
        for (const world of WORLD_NAMES) {
          const own = page.filter((player) => player.world === world);
          const others = page.filter((player) => player.world !== world);
          if (own.length > 0) {
            multi.zadd(
              worldKey(world),
              "LT",
              ...own.flatMap((player) => [-player.experience, player.userId]),
            );
          }
          if (others.length > 0) multi.zrem(worldKey(world), ...others.map((p) => p.userId));
        }
        await multi.exec();
      }
      // Members whose user is gone (deleted while no instance was listening) leave every set.
      if ((await redis.zcard(allKey)) <= players) return;
      let cursor = "0";
      do {
        const [next, flat] = await redis.zscan(allKey, cursor, "COUNT", 1000);
        cursor = next;
        const members = flat.filter((_, at) => at % 2 === 0);
        if (members.length === 0) continue;
        const present = await db
          .select({ userId: progress.userId })
          .from(progress)
          .where(inArray(progress.userId, members));
        const kept = new Set(present.map((row) => row.userId));
        const gone = members.filter((member) => !kept.has(member));
        if (gone.length === 0) continue;
        const multi = redis.multi();
        multi.zrem(allKey, ...gone);
        for (const world of worldKeys) multi.zrem(world, ...gone);
        await multi.exec();
      } while (cursor !== "0");
    },
  };
}
