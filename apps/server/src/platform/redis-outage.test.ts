// A Redis outage against a real redis-server this test starts and kills: metered calls keep answering on the
// in-process counters, realtime keeps working on this instance, and Redis is used again once it is back.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import type { Database } from "../db/client.js";
import { createUser, type SignedInUser } from "../test/factories.js";
import { freePort } from "../test/free-port.js";
import { openTestDatabase, request } from "../test/helper.js";
import { type RedisServer, startRedisServer } from "../test/redis-server.js";
import { connectRedis } from "./redis.js";

let port: number;
let server: RedisServer | null = null;
let redis: Redis | null = null;
let probe: Redis;
let app: FastifyInstance;
let database: Database;
let drop: () => Promise<void>;
let user: SignedInUser;

async function startRedis(): Promise<void> {
  server = await startRedisServer(port);
}

async function stopRedis(): Promise<void> {
  await server?.stop();
  server = null;
}

/** The answer, or "stalled" when none came within a few seconds (far longer than a fallback needs). */
async function within<T>(work: Promise<T>, ms = 5000): Promise<T | "stalled"> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<"stalled">((resolve) => {
    timer = setTimeout(() => resolve("stalled"), ms);
  });
  try {
    return await Promise.race([work, stalled]);
  } finally {
    clearTimeout(timer);
  }
}

const metered = () =>
  app
    .inject({ method: "GET", url: "/api/aacos/universes", headers: user.auth })
    .then((r) => r.statusCode);

beforeAll(async () => {
  port = await freePort();
  await startRedis();
  const url = `redis://127.0.0.1:${port}`;
  probe = new Redis(url, { lazyConnect: true, retryStrategy: () => 200 });
  probe.on("error", () => {});
  await probe.connect();
  const config = loadConfig({
    LOG_LEVEL: "silent",
    REDIS_URL: url,
    WEB_DIST: "/nonexistent-web-dist",
    DATA_DIR: `/tmp/aacos-test-${randomBytes(6).toString("hex")}`,
  });
  ({ database, drop } = await openTestDatabase());
  redis = await connectRedis(config.redisUrl);
  app = await buildApp({ config, database, redis });
  await app.listen({ port: 0, host: "127.0.0.1" });
  user = await createUser(app, { tier: "cosmic" });
}, 60_000);

afterAll(async () => {
  await app?.close();
  redis?.disconnect();
  probe?.disconnect();
  await database?.close().catch(() => {});
  await drop?.();
  await stopRedis();
});

describe("a Redis outage", () => {
  it("falls back to in-process counters at once, keeps realtime local, and uses Redis again when it returns", {
    timeout: 90_000,
  }, async () => {
    expect(await metered()).toBe(200);
    // The counters live in Redis while it is up.
    expect(await probe.dbsize()).toBeGreaterThan(0);

    const address = app.server.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    const ticket = await request(app, user, "POST", "/api/realtime/ticket");
    const socket = new WebSocket(
      `ws://127.0.0.1:${address.port}/api/realtime?token=${encodeURIComponent(ticket.json().ticket)}`,
    );
    const inbox: Array<{ type: string; [field: string]: unknown }> = [];
    socket.on("message", (data) => inbox.push(JSON.parse(String(data)) as (typeof inbox)[number]));
    await new Promise<void>((resolve) => socket.once("open", () => resolve()));
    socket.send(JSON.stringify({ type: "subscribe", topics: ["signals"] }));
    await expect
      .poll(() => inbox.some((m) => m.type === "subscribed"), { timeout: 5000 })
      .toBe(true);

    await stopRedis();
    // Requests while Redis is down answer, on this process's counters, instead of waiting for Redis.
    for (let call = 0; call < 3; call++) expect(await within(metered())).toBe(200);
    // A signal still reaches this instance's socket.
    const emitted = await within(
      app.services.signals.emit(user.id, {
        kind: "run",
        source: "outage",
        severity: "info",
        data: {},
      }),
    );
    if (emitted === "stalled") throw new Error("signal emit stalled while Redis was down");
    await expect
      .poll(
        () =>
          inbox.some((m) => m.type === "signal" && (m.signal as { id: number }).id === emitted.id),
        { timeout: 5000 },
      )
      .toBe(true);

    await startRedis();
    expect(await probe.dbsize().catch(() => -1)).not.toBeGreaterThan(0);
    await expect.poll(() => redis?.status, { timeout: 20_000 }).toBe("ready");
    expect(await metered()).toBe(200);
    // Counting moved back to Redis.
    await expect.poll(() => probe.dbsize().catch(() => 0), { timeout: 5000 }).toBeGreaterThan(0);
    socket.close();
  });
});
