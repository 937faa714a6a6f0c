// Seeds players and prints p50/p95 of the leaderboard's reads (top 100 overall and in a world, a player's own position,
// both together as GET /api/leaderboard does) beside the issue's targets: 100,000 players on in-memory PGlite with the
// in-process index (≤ 20 ms), and with DATABASE_URL 1,000,000 on a PostgreSQL database of its own with the Redis
// sorted sets of REDIS_URL (≤ 10 ms). Plain SQL, the board without an index, is printed first as the baseline.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Database, openPglite } from "../apps/server/src/db/client.js";
import {
  type BoardStore,
  createMemoryBoardStore,
  createRedisBoardStore,
} from "../apps/server/src/features/progression/board-store.js";
import { createLeaderboardService } from "../apps/server/src/features/progression/leaderboard.js";
import { connectRedis } from "../apps/server/src/platform/redis.js";
import { withBenchPostgres } from "./support.js";

/** The issue's sizes: 1,000,000 players on PostgreSQL, 100,000 on PGlite. */
const PG_PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000_000);
const PGLITE_PLAYERS = Number(process.env.BENCH_PGLITE_PLAYERS ?? 100_000);
const SAMPLES = 400;

async function seed(database: Database, players: number) {
  const db = database.db;
  // Deterministic and skewed like a real game: most players low, a few very high.
  await db.execute(sql`
    insert into users (email, username, world)
    select 'player' || i || '@example.com', 'player' || i,
      (array['genesis', 'awakening', 'quantum', 'cosmic', 'infinity'])[1 + i % 5]
    from generate_series(1, ${players}) as i`);
  await db.execute(sql`
    insert into progress (user_id, experience, tokens)
    select id, floor(600000 * power(((substring(username from 7)::bigint * 7919) % 1000003) / 1000003.0, 4)),
      100
    from users where username like 'player%'`);
  // What autovacuum does on a live database: statistics, and the visibility map index-only scans need.
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze progress`);
}

/** p50 and p95 of many warm calls, in milliseconds; `work` gets the call's number (to vary the player). */
async function percentiles(samplesWanted: number, work: (call: number) => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await work(i);
  const samples: number[] = [];
  for (let i = 0; i < samplesWanted; i++) {
    const start = process.hrtime.bigint();
    await work(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const at = (share: number) =>
    samples[Math.min(samples.length - 1, Math.floor(samples.length * share))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

/** Players' experience spread over the board, so positions are asked near the top, in the middle and far below. */
async function experiences(database: Database): Promise<number[]> {
  const result = (await database.db.execute(
    sql`select experience::float8 as experience from progress order by random() limit 200`,
  )) as unknown as { rows: { experience: number }[] };
  return result.rows.map((row) => Number(row.experience));
}

async function measure(
  label: string,
  database: Database,
  store: BoardStore | undefined,
  target: number,
) {
  const board = createLeaderboardService({
    db: database.db,
    ...(store === undefined ? {} : { store }),
  });
  const rebuildStart = Date.now();
  await board.rebuild();
  const rebuildSeconds = (Date.now() - rebuildStart) / 1000;
  const sample = await experiences(database);
  // The baseline's slow queries get fewer calls.
  const n = store === undefined ? SAMPLES / 10 : SAMPLES;
  const xp = (call: number) => sample[call % sample.length] ?? 0;
  const me = (call: number) => ({ userId: "", experience: xp(call), world: "cosmic" });
  const figures: [string, { p50: number; p95: number }][] = [
    // The floor this machine sets: an awaited call that does nothing.
    ["bare baseline (empty await)", await percentiles(n, () => Promise.resolve())],
    ["top 100 overall", await percentiles(n, () => board.top(undefined))],
    ["top 100 in one world", await percentiles(n, () => board.top("cosmic"))],
    ["my position overall", await percentiles(n, (call) => board.positionOf(xp(call), undefined))],
    [
      "my position in a world",
      await percentiles(n, (call) => board.positionOf(xp(call), "cosmic")),
    ],
    [
      "GET /api/leaderboard's reads",
      await percentiles(n, (call) => board.read(me(call), undefined)),
    ],
    ["… with ?world=cosmic", await percentiles(n, (call) => board.read(me(call), "cosmic"))],
  ];
  const fmt = (ms: number) => `${ms.toFixed(2).padStart(7)} ms`;
  console.log(
    `  ${label}${store === undefined ? "" : ` (filled in ${rebuildSeconds.toFixed(1)} s)`}`,
  );
  for (const [name, { p50, p95 }] of figures) {
    const verdict = store === undefined ? "" : p95 <= target ? "  ok" : "  OVER";
    console.log(
      `    ${name.padEnd(30)} p50 ${fmt(p50)}  p95 ${fmt(p95)}  (target p95 <= ${target} ms)${verdict}`,
    );
  }
}

async function seeded(label: string, database: Database, players: number) {
  const seedStart = Date.now();
  await seed(database, players);
  console.log(
    `${label}: ${players.toLocaleString("en")} players seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
  );
}

async function onPglite() {
  const database = await openPglite({});
  try {
    await seeded("PGlite (in memory)", database, PGLITE_PLAYERS);
    await measure("plain SQL (before)", database, undefined, 20);
    await measure("in-process index", database, createMemoryBoardStore(database.db), 20);
  } finally {
    await database.close();
  }
}

async function onPostgres(baseUrl: string) {
  await withBenchPostgres(baseUrl, async (database) => {
    await seeded("PostgreSQL", database, PG_PLAYERS);
    await measure("plain SQL (PostgreSQL without Redis)", database, undefined, 10);
    const redisUrl = process.env.REDIS_URL;
    if (redisUrl === undefined || redisUrl === "") {
      console.log("  Redis: skipped (set REDIS_URL to measure the shared index)");
    } else {
      const redis = await connectRedis(redisUrl);
      if (redis === null) throw new Error("no Redis");
      const prefix = `aacos:bench-${randomBytes(4).toString("hex")}`;
      try {
        await measure(
          "Redis sorted sets",
          database,
          createRedisBoardStore(database.db, redis, prefix),
          10,
        );
      } finally {
        const keys = await redis.keys(`${prefix}:*`);
        // UNLINK frees the million-member sets in the background; DEL would block Redis past the client's timeout.
        if (keys.length > 0) await redis.unlink(...keys);
        redis.disconnect();
      }
    }
  });
}

if (PGLITE_PLAYERS > 0) await onPglite();
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl !== undefined && databaseUrl !== "") await onPostgres(databaseUrl);
else console.log("PostgreSQL: skipped (set DATABASE_URL to measure it)");
