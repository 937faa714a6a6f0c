// Measures what plan metering adds to an API call: the same call with a personal API key (every key call is a plan
// call, docs/decisions/160-what-a-plans-api-calls-count.md), metered and unmetered, in process and on Redis.
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../apps/server/src/app.js";
import { loadConfig } from "../apps/server/src/config.js";
import { openPglite } from "../apps/server/src/db/client.js";
import { connectRedis } from "../apps/server/src/platform/redis.js";
import { benchAccount } from "./support.js";

const CALLS = 450; // under the cosmic world's 500 a minute, so every call is a real 200

async function measure(redisUrl: string | undefined) {
  const dataDir = path.join(tmpdir(), `aacos-bench-${Date.now()}`);
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    REDIS_URL: redisUrl,
    WEB_DIST: "/nonexistent",
  });
  const database = await openPglite({});
  const redis = await connectRedis(config.redisUrl);
  const app = await buildApp({ config, database, redis });
  // Two identical routes; only the matched route decides metering (/api/plan/* is never metered, so a user out of
  // calls can upgrade; a key may read it).
  for (const url of ["/api/plan/bench", "/api/bench"]) {
    app.get(url, { onRequest: app.authenticate }, async () => ({ ok: true }));
  }
  await app.ready();
  const { key } = await benchAccount(app, database, { tier: "cosmic", scopes: ["read"] });
  const headers = { authorization: `Bearer ${key}` };

  const time = async (url: string) => {
    for (let i = 0; i < 20; i++) await app.inject({ method: "GET", url, headers });
    const start = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) {
      const response = await app.inject({ method: "GET", url, headers });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
    }
    return Number(process.hrtime.bigint() - start) / 1000 / CALLS;
  };
  const unmetered = await time("/api/plan/bench");
  const metered = await time("/api/bench");
  await app.close();
  redis?.disconnect();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  return { unmetered, metered };
}

const rows: [string, string | undefined][] = [["in-process", undefined]];
if (process.env.REDIS_URL) rows.push(["redis", process.env.REDIS_URL]);
else console.log("(set REDIS_URL to measure the Redis counters too)");
for (const [label, url] of rows) {
  const { unmetered, metered } = await measure(url);
  console.log(
    `metering ${label.padEnd(10)} unmetered ${unmetered.toFixed(0).padStart(5)} µs/call, metered ${metered.toFixed(0).padStart(5)} µs/call, overhead ${(metered - unmetered).toFixed(0).padStart(5)} µs/call (${CALLS} calls)`,
  );
}
