// What several benches need: an account on a chosen plan and world (infinity by default: no caps on calls or
// connections), with a personal API key, whose calls are plan calls rather than the general 100 a minute; a
// PostgreSQL database of the bench's own, dropped afterwards; the median time of a few warm runs.
import { randomBytes } from "node:crypto";
import type { ApiKeyScope } from "@aacos/domain/api-keys";
import type { TierName } from "@aacos/domain/catalog";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { type Database, openPostgres } from "../apps/server/src/db/client.js";
import { users } from "../apps/server/src/db/schema.js";

export async function benchAccount(
  app: FastifyInstance,
  database: Database,
  options: { name?: string; tier?: TierName; scopes?: ApiKeyScope[] } = {},
) {
  const name = options.name ?? "bench";
  const tier = options.tier ?? "infinity";
  const user = await app.services.accounts.createUser({
    email: `${name}@example.com`,
    username: name,
    password: "Zq7!wVx9Lk",
  });
  await database.db.update(users).set({ tier, world: tier }).where(eq(users.id, user.id));
  const { key } = await app.services.apiKeys.create(
    { actorId: user.id },
    { name: "bench", scopes: options.scopes ?? ["read", "write"] },
  );
  return { user, key };
}

/** Runs `work` on a new database made beside `baseUrl`'s, and drops that database afterwards, whatever happened. */
export async function withBenchPostgres<T>(
  baseUrl: string,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const name = `aacos_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    try {
      return await work(database);
    } finally {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

/** The median of `runs` timed runs of `work` after one warm-up, in milliseconds. */
export async function medianMs(work: () => Promise<unknown>, runs: number): Promise<number> {
  await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await work();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}
