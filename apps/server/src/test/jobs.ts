// Two server instances on one PostgreSQL database and one Redis (the job runner's multi-instance tests), and a job
// worker in a child process that a test can kill outright (SIGKILL: no shutdown, no clean-up).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { type AppDeps, buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { openPostgres } from "../db/client.js";
import { connectRedis } from "../platform/redis.js";
import { openTestDatabase } from "./helper.js";

export interface AppPair {
  apps: [FastifyInstance, FastifyInstance];
  url: string;
  close(): Promise<void>;
}

/** Two apps on a fresh database of their own; needs DATABASE_URL and REDIS_URL. */
export async function buildAppPair(jobTimings: AppDeps["jobTimings"] = {}): Promise<AppPair> {
  const { database, url, drop } = await openTestDatabase();
  if (url === null) throw new Error("buildAppPair needs DATABASE_URL");
  const second = await openPostgres(url);
  const databases = [database, second];
  const redises = await Promise.all([
    connectRedis(process.env.REDIS_URL),
    connectRedis(process.env.REDIS_URL),
  ]);
  const dataDir = `/tmp/aacos-test-${randomBytes(6).toString("hex")}`;
  const apps = await Promise.all(
    databases.map((db, index) =>
      buildApp({
        config: loadConfig({
          LOG_LEVEL: "silent",
          DATABASE_URL: url,
          REDIS_URL: process.env.REDIS_URL,
          WEB_DIST: "/nonexistent-web-dist",
          DATA_DIR: dataDir,
        }),
        database: db,
        redis: redises[index] ?? null,
        jobTimings,
      }),
    ),
  );
  const [a, b] = apps;
  if (a === undefined || b === undefined) throw new Error("apps not built");
  return {
    apps: [a, b],
    url,
    close: async () => {
      for (const app of apps) await app.close().catch(() => {});
      for (const redis of redises) redis?.disconnect();
      for (const db of databases) await db.close().catch(() => {});
      await drop();
    },
  };
}

export interface ChildWorker {
  /** Resolves with the id of the first job the child started. */
  started: Promise<string>;
  kill(): void;
}

/** A job runner in its own process working `queue` on `url`; each job it takes prints its id and then hangs. */
export function spawnHangingWorker(
  url: string,
  queue: string,
  expireInSeconds: number,
): ChildWorker {
  const script = fileURLToPath(new URL("./jobs-child-worker.ts", import.meta.url));
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", script], {
    env: {
      ...process.env,
      CHILD_DATABASE_URL: url,
      CHILD_QUEUE: queue,
      CHILD_EXPIRE: String(expireInSeconds),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const started = new Promise<string>((resolve, reject) => {
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const match = /started ([0-9a-f-]{36})/.exec(text);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.on("exit", (code) => reject(new Error(`child worker exited (${code})`)));
  });
  return { started, kill: () => child.kill("SIGKILL") };
}
