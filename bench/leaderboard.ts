// Seeds 1,000,000 players and times the leaderboard's queries (top 100 overall and per world, a player's own
// position) on in-memory PGlite and, when DATABASE_URL is set, on a PostgreSQL database of its own.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "../apps/server/src/db/client.js";
import { createLeaderboardService } from "../apps/server/src/features/progression/leaderboard.js";

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000_000);
const RUNS = 5;

async function seed(database: Database) {
  const db = database.db;
  // Deterministic and skewed like a real game: most players low, a few very high.
  await db.execute(sql`
    insert into users (email, username, world)
    select 'player' || i || '@example.com', 'player' || i,
      (array['genesis', 'awakening', 'quantum', 'cosmic', 'infinity'])[1 + i % 5]
    from generate_series(1, ${PLAYERS}) as i`);
  await db.execute(sql`
    insert into progress (user_id, experience, tokens)
    select id, floor(600000 * power(((substring(username from 7)::bigint * 7919) % 1000003) / 1000003.0, 4)),
      100
    from users where username like 'player%'`);
  // What autovacuum does on a live database: statistics, and the visibility map index-only scans need.
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze progress`);
}

/** The median of a few warm runs, in milliseconds. */
async function time(work: () => Promise<unknown>): Promise<number> {
  await work();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    await work();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

async function measure(label: string, database: Database) {
  const seedStart = Date.now();
  await seed(database);
  const seedSeconds = (Date.now() - seedStart) / 1000;
  const board = createLeaderboardService({ db: database.db });
  const top = await time(() => board.top(undefined));
  const topWorld = await time(() => board.top("cosmic"));
  const nearTop = await time(() => board.positionOf(500_000, undefined));
  const median = await time(() => board.positionOf(10_000, undefined));
  const bottom = await time(() => board.positionOf(0, undefined));
  const bottomWorld = await time(() => board.positionOf(0, "cosmic"));
  const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(
    `${label}: ${PLAYERS.toLocaleString("en")} players seeded in ${seedSeconds.toFixed(1)} s`,
  );
  console.log(`  top 100 overall          ${fmt(top)}`);
  console.log(`  top 100 in one world     ${fmt(topWorld)}`);
  console.log(`  my position (near top)   ${fmt(nearTop)}`);
  console.log(`  my position (middle)     ${fmt(median)}`);
  console.log(`  my position (bottom)     ${fmt(bottom)}`);
  console.log(`  my position in a world   ${fmt(bottomWorld)}`);
}

async function onPglite() {
  const database = await openPglite({});
  try {
    await measure("PGlite (in memory)", database);
  } finally {
    await database.close();
  }
}

async function onPostgres(baseUrl: string) {
  const name = `aacos_bench_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  try {
    await measure("PostgreSQL", database);
  } finally {
    await database.close();
    const cleaner = new pg.Client({ connectionString: baseUrl });
    await cleaner.connect();
    await cleaner.query(`drop database if exists ${name} with (force)`);
    await cleaner.end();
  }
}

await onPglite();
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl !== undefined && databaseUrl !== "") await onPostgres(databaseUrl);
else console.log("PostgreSQL: skipped (set DATABASE_URL to measure it)");
