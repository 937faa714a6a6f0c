// Two app instances on one fresh PostgreSQL database and one Redis, as in a scaled-out deployment (needs
// DATABASE_URL and REDIS_URL): each has its own connections, stores and timers, like separate servers.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { openPostgres } from "../db/client.js";
import { connectRedis } from "../platform/redis.js";
import { openTestDatabase } from "./helper.js";

export interface TwinApps {
  apps: [FastifyInstance, FastifyInstance];
  close(): Promise<void>;
}

export async function buildTwinApps(): Promise<TwinApps> {
  const { database, url, drop } = await openTestDatabase();
  if (url === null) throw new Error("two instances need DATABASE_URL");
  // The first database handle migrates; each instance then opens its own pool.
  await database.close();
  const dataDir = `/tmp/aacos-test-${randomBytes(6).toString("hex")}`;
  const built: { app: FastifyInstance; close(): Promise<void> }[] = [];
  for (let i = 0; i < 2; i++) {
    const config = loadConfig({
      LOG_LEVEL: "silent",
      DATABASE_URL: url,
      REDIS_URL: process.env.REDIS_URL,
      WEB_DIST: "/nonexistent-web-dist",
      DATA_DIR: dataDir,
    });
    const db = await openPostgres(url);
    const redis = await connectRedis(config.redisUrl);
    const app = await buildApp({ config, database: db, redis });
    await app.ready();
    built.push({
      app,
      close: async () => {
        await app.close();
        redis?.disconnect();
        await db.close().catch(() => {});
      },
    });
  }
  const [first, second] = built;
  if (first === undefined || second === undefined) throw new Error("instances");
  return {
    apps: [first.app, second.app],
    close: async () => {
      for (const instance of built) await instance.close();
      await drop();
    },
  };
}
