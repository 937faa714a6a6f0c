// Measures signal fan-out over the realtime WebSocket: one instance, 1,000 subscribed clients of one user, signals
// emitted through the signal service; the latency from emit to each client's receipt, p50 and p99. With REDIS_URL set
// the bus goes through Redis pub/sub, as it does across instances.

import { rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import WebSocket from "ws";
import { buildApp } from "../apps/server/src/app.js";
import { loadConfig } from "../apps/server/src/config.js";
import { openPglite } from "../apps/server/src/db/client.js";
import { users } from "../apps/server/src/db/schema.js";
import { connectRedis } from "../apps/server/src/platform/redis.js";

const CLIENTS = 1_000;
const SIGNALS = 30;
/** Between signals, so each one's fan-out is measured on its own rather than queued behind the last. */
const GAP_MS = 100;

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const dataDir = path.join(tmpdir(), `aacos-bench-fanout-${Date.now()}`);
const config = loadConfig({
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  REDIS_URL: process.env.REDIS_URL,
  WEB_DIST: "/nonexistent",
  // Each client comes from its own forwarded address, as 1,000 real browsers would (the upgrade is rate-limited per
  // address before its ticket is read).
  TRUST_PROXY: "127.0.0.1",
});
const database = await openPglite({});
const redis = await connectRedis(config.redisUrl);
const app = await buildApp({ config, database, redis });
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as AddressInfo).port;

const user = await app.services.accounts.createUser({
  email: "fanout@example.com",
  username: "fanout",
  password: "Zq7!wVx9Lk",
});
// Infinity: no cap on WebSocket connections or API calls, so every client is admitted.
await database.db
  .update(users)
  .set({ tier: "infinity", world: "infinity" })
  .where(eq(users.id, user.id));
const { token } = await app.services.accounts.issueSession(user, false, {
  ip: null,
  userAgent: null,
});

/** When each signal was emitted (by its marker), and each delivery's latency in ms. */
const emittedAt = new Map<number, number>();
const latencies: number[] = [];

let clientNumber = 0;

async function connect(): Promise<WebSocket> {
  clientNumber += 1;
  const address = `10.${Math.floor(clientNumber / 250) % 250}.${clientNumber % 250}.1`;
  const reply = await app.inject({
    method: "POST",
    url: "/api/realtime/ticket",
    headers: { authorization: `Bearer ${token}` },
  });
  const { ticket } = reply.json() as { ticket: string };
  const socket = new WebSocket(
    `ws://127.0.0.1:${port}/api/realtime?token=${encodeURIComponent(ticket)}`,
    { headers: { "x-forwarded-for": address } },
  );
  await new Promise<void>((resolve, reject) => {
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as {
        type: string;
        signal?: { data?: { marker?: number } };
      };
      if (message.type === "subscribed") resolve();
      if (message.type === "signal") {
        const sent = emittedAt.get(message.signal?.data?.marker ?? -1);
        if (sent !== undefined) latencies.push(performance.now() - sent);
      }
    });
    socket.once("open", () =>
      socket.send(JSON.stringify({ type: "subscribe", topics: ["signals"] })),
    );
    socket.once("error", reject);
    socket.once("close", (code) => reject(new Error(`closed ${code}`)));
  });
  return socket;
}

const sockets: WebSocket[] = [];
const started = performance.now();
for (let batch = 0; batch < CLIENTS; batch += 100) {
  sockets.push(
    ...(await Promise.all(Array.from({ length: Math.min(100, CLIENTS - batch) }, connect))),
  );
}
const connectSeconds = (performance.now() - started) / 1000;

for (let marker = 0; marker < SIGNALS; marker += 1) {
  emittedAt.set(marker, performance.now());
  await app.services.signals.emit(user.id, {
    kind: "progression",
    source: "bench",
    severity: "info",
    data: { marker },
  });
  await new Promise((resolve) => setTimeout(resolve, GAP_MS));
}
// The last deliveries drain.
const deadline = Date.now() + 10_000;
while (latencies.length < CLIENTS * SIGNALS && Date.now() < deadline) {
  await new Promise((resolve) => setTimeout(resolve, 50));
}

const sorted = [...latencies].sort((a, b) => a - b);
console.log(
  `signal fan-out ${redis === null ? "in-process" : "redis"}: ${CLIENTS} clients (connected in ${connectSeconds.toFixed(1)} s), ${SIGNALS} signals, ${latencies.length}/${CLIENTS * SIGNALS} deliveries, p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`,
);
if (redis === null) console.log("(set REDIS_URL to measure fan-out through Redis too)");

for (const socket of sockets) socket.terminate();
await app.close();
redis?.disconnect();
await database.close();
await rm(dataDir, { recursive: true, force: true });
