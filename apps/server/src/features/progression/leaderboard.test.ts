// The leaderboard read from its index (a Redis sorted set with REDIS_URL, in process on PGlite) gives exactly what a
// plain SQL ranking of the progress table gives, after a mix of awards with many ties, a world change and a deletion;
// an instance started later fills its index from the database. With DATABASE_URL and REDIS_URL two instances share one
// database and one Redis and award concurrently.
import { randomBytes } from "node:crypto";
import { WORLD_NAMES, type WorldName } from "@aacos/domain/catalog";
import type { ProgressAction } from "@aacos/domain/progression";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { type Database, openPostgres } from "../../db/client.js";
import { connectRedis } from "../../platform/redis.js";
import { testClock } from "../../test/clock.js";
import { createUser } from "../../test/factories.js";
import { openTestDatabase } from "../../test/helper.js";

const scaleOut = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const USERS = 60;
const LONG = 120_000;
const ACTIONS: ProgressAction[] = [
  "chatMessage",
  "universeCreated",
  "entityCreated",
  "commandRun",
  "knowledgeFileAdded",
];

interface Instance {
  app: FastifyInstance;
  close(): Promise<void>;
}

let opened: Awaited<ReturnType<typeof openTestDatabase>>;
const instances: Instance[] = [];
const players: { id: string; world: WorldName }[] = [];
let adminId = "";
const dataDir = `/tmp/aacos-test-${randomBytes(6).toString("hex")}`;

/** An app on the test's database: its own connection on PostgreSQL, the same PGlite otherwise. */
async function start(): Promise<Instance> {
  const config = loadConfig({
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent-web-dist",
    DATA_DIR: dataDir,
    ...(opened.url === null ? {} : { DATABASE_URL: opened.url }),
    ...(scaleOut ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  const database: Database = opened.url === null ? opened.database : await openPostgres(opened.url);
  const redis = await connectRedis(config.redisUrl);
  const app = await buildApp({ config, database, redis, clock: testClock() });
  await app.ready();
  await app.services.progression.leaderboard.rebuild();
  return {
    app,
    close: async () => {
      await app.close();
      redis?.disconnect();
      if (database !== opened.database) await database.close();
    },
  };
}

beforeAll(async () => {
  opened = await openTestDatabase();
  instances.push(await start());
  const first = instances[0]?.app;
  if (first === undefined) throw new Error("no instance");
  adminId = (await createUser(first, { roles: ["admin"] })).id;
  for (let i = 0; i < USERS; i++) {
    const world = WORLD_NAMES[i % 3] ?? "genesis";
    const user = await createUser(first, { world });
    players.push({ id: user.id, world });
  }
}, LONG);

afterAll(async () => {
  for (const instance of instances) await instance.close();
  await opened.database.close().catch(() => {});
  await opened.drop();
}, LONG);

/** Each player gets a few actions; many end on the same experience. */
async function award(round: number, on: Instance[]) {
  await Promise.all(
    players.map(async (player, index) => {
      const count = (index * 7 + round) % 4;
      for (let n = 0; n < count; n++) {
        const instance = on[(index + n) % on.length];
        const action = ACTIONS[(index + n + round) % ACTIONS.length] ?? "chatMessage";
        await instance?.app.services.progression.recordAction(
          player.id,
          action,
          `r${round}-${index}-${n}`,
        );
      }
    }),
  );
}

interface Ranked {
  userId: string;
  experience: number;
  position: number;
}

/** The plain SQL ranking: equal experience shares a position, listed by user id. */
async function sqlRanking(world: WorldName | undefined): Promise<Ranked[]> {
  const filter = world === undefined ? sql`true` : sql`u.world = ${world}`;
  const result = (await opened.database.db.execute(sql`
    select p.user_id, p.experience::float8 as experience,
      rank() over (order by p.experience desc)::int as position
    from progress p join users u on u.id = p.user_id where ${filter}
    order by p.experience desc, p.user_id`)) as unknown as {
    rows: { user_id: string; experience: number; position: number }[];
  };
  return result.rows.map((row) => ({
    userId: row.user_id,
    experience: Number(row.experience),
    position: Number(row.position),
  }));
}

async function expectSameAsSql(instance: Instance) {
  const board = instance.app.services.progression.leaderboard;
  expect(board.indexed()).toBe(true);
  for (const world of [undefined, ...WORLD_NAMES]) {
    const expected = await sqlRanking(world);
    const top = await board.top(world);
    expect(
      top.map(({ userId, experience, position }) => ({ userId, experience, position })),
    ).toEqual(expected.slice(0, 100));
    for (const row of expected) {
      expect(await board.positionOf(row.experience, world)).toBe(row.position);
    }
  }
}

describe(`the leaderboard's index${scaleOut ? " on two instances sharing Redis" : " in process"}`, () => {
  it(
    "ranks like plain SQL after awards, with ties listed by user id",
    async () => {
      const first = instances[0];
      if (first === undefined) throw new Error("no instance");
      await award(1, [first]);
      const ranking = await sqlRanking(undefined);
      expect(ranking.length).toBeGreaterThanOrEqual(USERS);
      // Ties are there to be ordered.
      expect(new Set(ranking.map((row) => row.experience)).size).toBeLessThan(ranking.length);
      await expectSameAsSql(first);
    },
    LONG,
  );

  it(
    "fills a later instance's index from the database at start",
    async () => {
      instances.push(await start());
      const second = instances[1];
      if (second === undefined) throw new Error("no instance");
      await expectSameAsSql(second);
    },
    LONG,
  );

  it(
    "follows awards, a world change and a deletion",
    async () => {
      const [first, second] = instances;
      if (first === undefined || second === undefined) throw new Error("no instances");
      // Only Redis is shared between instances; on PGlite one process serves the data directory.
      const writers = scaleOut ? [first, second] : [first];
      const readers = scaleOut ? [first, second] : [first];
      await award(2, writers);
      const mover = players[5];
      const leaver = players[6];
      if (mover === undefined || leaver === undefined) throw new Error("no players");
      const admin = { actorId: adminId };
      await writers[writers.length - 1]?.app.services.users.update(
        mover.id,
        { world: "infinity" },
        admin,
      );
      await writers[0]?.app.services.users.remove(leaver.id, admin);
      players.splice(players.indexOf(leaver), 1);
      await award(3, writers);
      for (const reader of readers) await expectSameAsSql(reader);
      const infinity = await first.app.services.progression.leaderboard.top("infinity");
      expect(infinity.map((entry) => entry.userId)).toContain(mover.id);
    },
    LONG,
  );
});
