// Realtime over a real socket: tickets (single use, 30 s), subscribe and live signals, replay after lastSignalId,
// the per-user connection cap, and (with PostgreSQL and Redis) fan-out from one instance to another.
import { randomBytes } from "node:crypto";
import { GENERAL_RATE_LIMIT } from "@aacos/domain/access";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { openPostgres } from "../../db/client.js";
import { users } from "../../db/schema.js";
import { connectRedis } from "../../platform/redis.js";
import { TEST_NOW } from "../../test/clock.js";
import { createUser, type SignedInUser } from "../../test/factories.js";
import { buildTestApp, openTestDatabase, request, type TestApp } from "../../test/helper.js";
import {
  ACCESS_CHANGED_REASON,
  CLOSE_ACCESS_CHANGED,
  CLOSE_INVALID_TICKET,
  CLOSE_TOO_MANY,
  TICKET_TTL_MS,
} from "./index.js";

interface ServerMessage {
  type: string;
  [field: string]: unknown;
}

interface Client {
  socket: WebSocket;
  /** Sends once the socket is open. */
  send(message: object | string): Promise<void>;
  /** The next message matching `match` (earlier ones are skipped). */
  next(match: (message: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  closed: Promise<{ code: number; reason: string }>;
}

function connect(base: string, ticket: string, headers: Record<string, string> = {}): Client {
  const socket = new WebSocket(`${base}/api/realtime?token=${encodeURIComponent(ticket)}`, {
    headers,
  });
  const inbox: ServerMessage[] = [];
  const waiters: Array<() => void> = [];
  socket.on("message", (data) => {
    inbox.push(JSON.parse(String(data)) as ServerMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  socket.on("error", () => {});
  const opened = new Promise<void>((resolve) => socket.once("open", resolve));
  return {
    socket,
    closed,
    async send(message) {
      await opened;
      socket.send(typeof message === "string" ? message : JSON.stringify(message));
    },
    async next(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = inbox.findIndex(match);
        if (index >= 0) return inbox.splice(0, index + 1).at(-1) as ServerMessage;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching message; got ${JSON.stringify(inbox)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
}

async function ticketFor(app: FastifyInstance, user: SignedInUser): Promise<string> {
  const response = await request(app, user, "POST", "/api/realtime/ticket");
  expect(response.statusCode).toBe(200);
  const { ticket } = response.json() as { ticket: string };
  expect(ticket.length).toBeGreaterThan(20);
  return ticket;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return `ws://127.0.0.1:${address.port}`;
}

const isType = (type: string) => (message: ServerMessage) => message.type === type;
const signalIdOf = (message: ServerMessage) => (message.signal as { id: number }).id;

// A fixed start, moved only by the test.
let now = Date.parse(TEST_NOW);
let test: TestApp;
let base: string;
let user: SignedInUser;

beforeAll(async () => {
  // Forwarded addresses are trusted from the test itself: one test plays a visitor from elsewhere.
  test = await buildTestApp({ TRUST_PROXY: "127.0.0.1" }, undefined, {
    clock: () => new Date(now),
  });
  base = await listen(test.app);
  user = await createUser(test.app, { tier: "cosmic" });
});
afterAll(() => test.close());

describe("tickets", () => {
  it("refuses a missing or unknown ticket with 4401", async () => {
    for (const ticket of ["", "not-a-ticket"]) {
      const client = connect(base, ticket);
      expect(await client.closed).toEqual({ code: CLOSE_INVALID_TICKET, reason: "invalid ticket" });
    }
  });

  it("opens one socket per ticket, once", async () => {
    const ticket = await ticketFor(test.app, user);
    const first = connect(base, ticket);
    await first.next(isType("welcome"));
    const second = connect(base, ticket);
    expect((await second.closed).code).toBe(CLOSE_INVALID_TICKET);
    first.socket.close();
    await first.closed;
  });

  it("refuses a ticket older than 30 seconds", async () => {
    const ticket = await ticketFor(test.app, user);
    now += TICKET_TTL_MS + 1000;
    const client = connect(base, ticket);
    expect((await client.closed).code).toBe(CLOSE_INVALID_TICKET);
  });

  it("meters the upgrade like any request: past the visitor limit it is refused over HTTP, before the ticket", async () => {
    const from = { "x-forwarded-for": "203.0.113.77" };
    const ticket = await ticketFor(test.app, user);
    for (let call = 0; call < GENERAL_RATE_LIMIT.points; call += 1) {
      const response = await test.app.inject({
        method: "GET",
        url: "/api/realtime",
        headers: from,
      });
      // Not an upgrade: nothing here answers a plain GET.
      expect(response.statusCode).toBe(404);
    }
    const refused = connect(base, ticket, from);
    const status = await new Promise<number>((resolve) =>
      refused.socket.once("unexpected-response", (request, response) => {
        request.destroy();
        resolve(response.statusCode ?? 0);
      }),
    );
    expect(status).toBe(429);
    // The ticket was not spent: from an address under the limit it still opens a socket.
    const opened = connect(base, ticket);
    await opened.next(isType("welcome"));
    opened.socket.close();
    await opened.closed;
  });

  it("needs a signed-in user for a ticket", async () => {
    const response = await test.app.inject({ method: "POST", url: "/api/realtime/ticket" });
    expect(response.statusCode).toBe(401);
  });
});

describe("signals over the socket", () => {
  it("pushes a signal emitted after subscribing, only to its owner", async () => {
    const stranger = await createUser(test.app, { tier: "cosmic" });
    const client = connect(base, await ticketFor(test.app, user));
    const other = connect(base, await ticketFor(test.app, stranger));
    await client.send({ type: "subscribe", topics: ["signals"] });
    await other.send({ type: "subscribe", topics: ["signals"] });
    await client.next(isType("subscribed"));
    await other.next(isType("subscribed"));
    const emitted = await test.app.services.signals.emit(user.id, {
      kind: "run",
      source: "probe",
      severity: "info",
      data: { n: 1 },
    });
    const pushed = await client.next(
      (message) => message.type === "signal" && signalIdOf(message) === emitted.id,
    );
    expect(pushed.signal).toEqual(emitted);
    await expect(
      other.next((message) => message.type === "signal" && signalIdOf(message) === emitted.id, 300),
    ).rejects.toThrow(/no matching message/);
    client.socket.close();
    other.socket.close();
    await Promise.all([client.closed, other.closed]);
  });

  it("replays what was missed after lastSignalId, then goes live", async () => {
    const hub = test.app.services.signals;
    const input = { kind: "run", source: "probe", severity: "info" as const };
    const seen = await hub.emit(user.id, { ...input, data: { n: "seen" } });
    const missed = [
      await hub.emit(user.id, { ...input, data: { n: "missed-1" } }),
      await hub.emit(user.id, { ...input, data: { n: "missed-2" } }),
    ];
    const client = connect(base, await ticketFor(test.app, user));
    await client.send({ type: "subscribe", topics: ["signals"], lastSignalId: seen.id });
    const replayed = [await client.next(isType("signal")), await client.next(isType("signal"))];
    expect(replayed.map(signalIdOf)).toEqual(missed.map((signal) => signal.id));
    const subscribed = await client.next(isType("subscribed"));
    expect(subscribed.replayed).toBeGreaterThanOrEqual(2);
    const live = await hub.emit(user.id, { ...input, data: { n: "live" } });
    expect(signalIdOf(await client.next(isType("signal")))).toBe(live.id);
    client.socket.close();
    await client.closed;
  });

  it("answers a malformed message with an error and keeps the socket", async () => {
    const client = connect(base, await ticketFor(test.app, user));
    await client.send("{nope");
    await client.next(isType("error"));
    await client.send({ type: "subscribe", topics: ["weather"] });
    await client.next(isType("error"));
    await client.send({ type: "ping" });
    await client.next(isType("pong"));
    client.socket.close();
    await client.closed;
  });
});

describe("connection cap", () => {
  it("closes a genesis user's second socket with 4429", async () => {
    const genesis = await createUser(test.app, { tier: "genesis" });
    const first = connect(base, await ticketFor(test.app, genesis));
    const welcome = await first.next(isType("welcome"));
    expect(welcome.maxConnections).toBe(1);
    const second = connect(base, await ticketFor(test.app, genesis));
    expect(await second.closed).toEqual({
      code: CLOSE_TOO_MANY,
      reason: "Too many realtime connections: max 1",
    });
    first.socket.close();
    await first.closed;
    // The slot is free again once the first one is gone.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const third = connect(base, await ticketFor(test.app, genesis));
    await third.next(isType("welcome"));
    third.socket.close();
    await third.closed;
  });
});

const metricsMessage = (n: number) => ({
  userId: null,
  message: { type: "metrics", at: new Date(now).toISOString(), values: { probe: n } },
});

describe("access changes reach open sockets", () => {
  it("stops admin-only messages to an admin demoted after the ticket was issued", async () => {
    const admin = await createUser(test.app, { roles: ["user", "admin"], tier: "cosmic" });
    const client = connect(base, await ticketFor(test.app, admin));
    await client.send({ type: "subscribe", topics: ["metrics"] });
    await client.next(isType("subscribed"));
    await test.app.realtimeBus.publish("metrics", metricsMessage(1));
    expect((await client.next(isType("metrics"))).values).toEqual({ probe: 1 });

    // Changed behind the users API's back (no event): the roles are checked per admin-only message.
    await test.app.database.db
      .update(users)
      .set({ roles: ["user"] })
      .where(eq(users.id, admin.id));
    await test.app.realtimeBus.publish("metrics", metricsMessage(2));
    expect(await client.closed).toEqual({
      code: CLOSE_ACCESS_CHANGED,
      reason: ACCESS_CHANGED_REASON,
    });
    await expect(client.next(isType("metrics"), 200)).rejects.toThrow(/no matching message/);
  });

  it("closes the sockets of a user an admin suspends, demotes or signs out everywhere", async () => {
    const boss = await createUser(test.app, { roles: ["user", "admin"], tier: "cosmic" });
    for (const action of ["suspend", "demote", "sign-out"] as const) {
      const target = await createUser(test.app, { roles: ["user", "admin"], tier: "cosmic" });
      const client = connect(base, await ticketFor(test.app, target));
      await client.send({ type: "subscribe", topics: ["metrics", "signals"] });
      await client.next(isType("subscribed"));
      const response =
        action === "demote"
          ? await request(test.app, boss, "PUT", `/api/users/${target.id}`, { roles: ["user"] })
          : await request(
              test.app,
              boss,
              "POST",
              `/api/users/${target.id}/${action === "suspend" ? "suspend" : "sign-out-everywhere"}`,
            );
      expect(response.statusCode, `${action}: ${response.body}`).toBeLessThan(300);
      expect(await client.closed, action).toEqual({
        code: CLOSE_ACCESS_CHANGED,
        reason: ACCESS_CHANGED_REASON,
      });
    }
  });
});

const shared = Boolean(process.env.DATABASE_URL) && Boolean(process.env.REDIS_URL);

describe.runIf(shared)("two instances on one database and Redis", () => {
  it("delivers a signal emitted on instance A to a socket on instance B", async () => {
    const { url, drop } = await openTestDatabase();
    if (url === null) throw new Error("PostgreSQL expected");
    const config = loadConfig({
      LOG_LEVEL: "silent",
      DATABASE_URL: url,
      REDIS_URL: process.env.REDIS_URL,
      WEB_DIST: "/nonexistent-web-dist",
      DATA_DIR: `/tmp/aacos-test-${randomBytes(6).toString("hex")}`,
    });
    const instances = await Promise.all(
      [0, 1].map(async () => {
        const database = await openPostgres(url);
        const redis = await connectRedis(config.redisUrl);
        const app = await buildApp({ config, database, redis });
        await app.ready();
        return { app, database, redis };
      }),
    );
    const [a, b] = instances;
    if (a === undefined || b === undefined) throw new Error("two instances expected");
    try {
      const member = await createUser(a.app, { tier: "cosmic" });
      const onB = await listen(b.app);
      // A ticket issued by A opens a socket on B (Redis holds it).
      const client = connect(onB, await ticketFor(a.app, member));
      await client.send({ type: "subscribe", topics: ["signals"] });
      await client.next(isType("subscribed"));
      const emitted = await a.app.services.signals.emit(member.id, {
        kind: "run",
        source: "probe",
        severity: "info",
        data: { from: "A" },
      });
      const pushed = await client.next(isType("signal"));
      expect(pushed.signal).toEqual(emitted);
      client.socket.close();
      await client.closed;

      // An admin suspends the member on A: the member's socket on B closes.
      const boss = await createUser(a.app, { roles: ["user", "admin"] });
      const again = connect(onB, await ticketFor(a.app, member));
      await again.next(isType("welcome"));
      const suspended = await request(a.app, boss, "POST", `/api/users/${member.id}/suspend`);
      expect(suspended.statusCode).toBe(200);
      expect(await again.closed).toEqual({
        code: CLOSE_ACCESS_CHANGED,
        reason: ACCESS_CHANGED_REASON,
      });
    } finally {
      for (const instance of instances) {
        await instance.app.close();
        instance.redis?.disconnect();
        await instance.database.close();
      }
      await drop();
    }
  });
});
