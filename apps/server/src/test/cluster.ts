// Instances of the real app on one fresh database, as a scaled-out deployment runs them: each instance has its own
// connections, stores and timers, and they share the database, the data directory and Redis (when REDIS_URL is
// set). Several instances need PostgreSQL (DATABASE_URL).
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { type AppDeps, buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { type Database, openPostgres } from "../db/client.js";
import { connectRedis } from "../platform/redis.js";
import { openTestDatabase } from "./helper.js";

export interface TestCluster {
  apps: FastifyInstance[];
  /** The first instance's database handle (the one that migrated). */
  database: Database;
  close(): Promise<void>;
}

export async function buildCluster(options: {
  instances: number;
  /** Environment beside the tests' own (silent logs, no web build, the shared data directory). */
  env?: Record<string, string>;
  /** Further dependencies of every instance: a clock, tick intervals, job timings. */
  deps?: Omit<AppDeps, "config" | "database" | "redis">;
}): Promise<TestCluster> {
  const { database, url, drop } = await openTestDatabase();
  if (options.instances > 1 && url === null) throw new Error("several instances need DATABASE_URL");
  const dataDir = `/tmp/aacos-test-${randomBytes(6).toString("hex")}`;
  const apps: FastifyInstance[] = [];
  const closers: (() => Promise<void>)[] = [];
  for (let index = 0; index < options.instances; index++) {
    const config = loadConfig({
      LOG_LEVEL: "silent",
      REDIS_URL: process.env.REDIS_URL,
      WEB_DIST: "/nonexistent-web-dist",
      DATA_DIR: dataDir,
      ...(url === null ? {} : { DATABASE_URL: url }),
      ...options.env,
    });
    const own = index === 0 || url === null ? database : await openPostgres(url);
    const redis = await connectRedis(config.redisUrl);
    const app = await buildApp({ ...options.deps, config, database: own, redis });
    await app.ready();
    apps.push(app);
    closers.push(async () => {
      await app.close();
      redis?.disconnect();
      if (own !== database) await own.close().catch(() => {});
    });
  }
  return {
    apps,
    database,
    close: async () => {
      for (const close of closers) await close();
      await database.close().catch(() => {});
      await drop();
    },
  };
}

/** Two instances, for the tests that check a change made on one is in force on the other at once. */
export async function buildTwoInstances(): Promise<{
  apps: [FastifyInstance, FastifyInstance];
  close(): Promise<void>;
}> {
  const cluster = await buildCluster({ instances: 2 });
  const [first, second] = cluster.apps;
  if (first === undefined || second === undefined) throw new Error("instances not built");
  return { apps: [first, second], close: cluster.close };
}

/**
 * Two instances built before the enclosing suite's tests and closed after them: read `first` and `second` inside the
 * tests (they exist once beforeAll has run).
 */
export function useTwoInstances(): {
  readonly first: FastifyInstance;
  readonly second: FastifyInstance;
} {
  let twins: Awaited<ReturnType<typeof buildTwoInstances>> | undefined;
  beforeAll(async () => {
    twins = await buildTwoInstances();
  });
  afterAll(() => twins?.close());
  const instance = (index: 0 | 1) => {
    if (twins === undefined) throw new Error("the instances are built in beforeAll");
    return twins.apps[index];
  };
  return {
    get first() {
      return instance(0);
    },
    get second() {
      return instance(1);
    },
  };
}

/** Polls `read` until it answers `status`, for at most a second; answers the last response and the time it took. */
export async function within1s<R extends { statusCode: number }>(
  read: () => Promise<R>,
  status: number,
) {
  const started = performance.now();
  for (;;) {
    const response = await read();
    const elapsedMs = performance.now() - started;
    if (response.statusCode === status || elapsedMs >= 1000) return { response, elapsedMs };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
