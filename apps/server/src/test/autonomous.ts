// Test apps for autonomous control: one or several instances of the real app on one fresh database, with a clock
// the test moves, the schedule tick's interval chosen by the test (null: the test calls tick() itself) and a
// fast-polling job runner. Several instances need PostgreSQL (DATABASE_URL) and share Redis when REDIS_URL is set.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { type Database, openPostgres } from "../db/client.js";
import { connectRedis } from "../platform/redis.js";
import { openTestDatabase } from "./helper.js";

export interface AutonomousTestApps {
  apps: FastifyInstance[];
  database: Database;
  close(): Promise<void>;
}

export async function buildAutonomousApps(options: {
  instances?: number;
  clock: () => Date;
  tickMs: number | null;
  env?: Record<string, string>;
}): Promise<AutonomousTestApps> {
  const instances = options.instances ?? 1;
  const { database, url, drop } = await openTestDatabase();
  if (instances > 1 && url === null) throw new Error("several instances need DATABASE_URL");
  // Same database and data directory: the instances share Redis channels and counters, as in production.
  const dataDir = `/tmp/aacos-test-${randomBytes(6).toString("hex")}`;
  const apps: FastifyInstance[] = [];
  const closers: (() => Promise<void>)[] = [];
  for (let index = 0; index < instances; index++) {
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
    const app = await buildApp({
      config,
      database: own,
      redis,
      clock: options.clock,
      autonomousTickMs: options.tickMs,
      jobTimings: { pollingIntervalSeconds: 0.5, shutdownGraceMs: 200 },
    });
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
