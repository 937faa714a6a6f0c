// The leaderboard: the top 100 by experience (overall or in one world) and the caller's own position, even far below.
import { toWorldName, type WorldName } from "@aacos/domain/catalog";
import { LEADERBOARD_SIZE, type Rank, rankForExperience } from "@aacos/domain/progression";
import { and, count, desc, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { progress, users } from "../../db/schema.js";

export interface LeaderboardEntry {
  userId: string;
  username: string;
  experience: number;
  rank: Rank;
  /** 1 + the number of users with more experience: equal experience shares a position. */
  position: number;
}

export interface Leaderboard {
  entries: LeaderboardEntry[];
  /** The caller's position on this board; null when filtering by a world that is not theirs. */
  me: { position: number | null; experience: number };
}

export function createLeaderboardService(deps: { db: Db }) {
  const { db } = deps;

  /** Highest first; ties in the order the index gives, with the user id breaking them for a stable page. */
  async function top(world: WorldName | undefined): Promise<LeaderboardEntry[]> {
    const rows = await db
      .select({
        userId: progress.userId,
        username: users.username,
        experience: progress.experience,
      })
      .from(progress)
      .innerJoin(users, eq(users.id, progress.userId))
      .where(world === undefined ? undefined : eq(users.world, world))
      .orderBy(desc(progress.experience), progress.userId)
      .limit(LEADERBOARD_SIZE);
    const entries: LeaderboardEntry[] = [];
    for (const [index, row] of rows.entries()) {
      const previous = entries[index - 1];
      const position =
        previous !== undefined && previous.experience === row.experience
          ? previous.position
          : index + 1;
      entries.push({ ...row, rank: rankForExperience(row.experience), position });
    }
    return entries;
  }

  /** Served by the progress_experience index: a count of everyone with more experience. */
  async function positionOf(experience: number, world: WorldName | undefined): Promise<number> {
    const above =
      world === undefined
        ? await db.select({ n: count() }).from(progress).where(gt(progress.experience, experience))
        : await db
            .select({ n: count() })
            .from(progress)
            .innerJoin(users, eq(users.id, progress.userId))
            .where(and(gt(progress.experience, experience), eq(users.world, world)));
    return (above[0]?.n ?? 0) + 1;
  }

  return {
    top,
    positionOf,

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
