// Two instances of the real app on one fresh PostgreSQL database (and Redis when REDIS_URL is set), as a cluster
// runs them: the teams tests check that a change made on one is in force on the other at once.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { openPostgres } from "../db/client.js";
import { connectRedis } from "../platform/redis.js";
import { openTestDatabase } from "./helper.js";

export async function buildTwoInstances(): Promise<{
  apps: [FastifyInstance, FastifyInstance];
  close(): Promise<void>;
}> {
  const { database, url, drop } = await openTestDatabase();
  if (url === null) throw new Error("two instances need DATABASE_URL");
  const dataDir = `/tmp/aacos-test-${randomBytes(6).toString("hex")}`;
  const closers: (() => Promise<void>)[] = [];
  const apps: FastifyInstance[] = [];
  for (let index = 0; index < 2; index++) {
    const config = loadConfig({
      LOG_LEVEL: "silent",
      REDIS_URL: process.env.REDIS_URL,
      WEB_DIST: "/nonexistent-web-dist",
      DATA_DIR: dataDir,
      DATABASE_URL: url,
    });
    const own = index === 0 ? database : await openPostgres(url);
    const redis = await connectRedis(config.redisUrl);
    const app = await buildApp({ config, database: own, redis });
    await app.ready();
    apps.push(app);
    closers.push(async () => {
      await app.close();
      redis?.disconnect();
      if (own !== database) await own.close().catch(() => {});
    });
  }
  const [first, second] = apps;
  if (first === undefined || second === undefined) throw new Error("instances not built");
  return {
    apps: [first, second],
    close: async () => {
      for (const close of closers) await close();
      await database.close().catch(() => {});
      await drop();
    },
  };
}
