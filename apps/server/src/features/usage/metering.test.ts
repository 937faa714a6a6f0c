// Per-user metering over the real API (docs/decisions/160-what-a-plans-api-calls-count.md): calls with a personal API
// key and metered actions count against the plan with the spec's messages, retryAfter, the upgrade payload and the
// RateLimit fields; a session's own reads count only against the general limit.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema.js";
import { expectMinuteLimitRefusal } from "../../test/expected.js";
import { createApiKey, createUser, someAddress } from "../../test/factories.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";

let test: TestApp;
/** Requests to this test-only route wait until the test lets them go. */
let releaseSlow: () => void = () => {};
let slowGate = Promise.resolve();

beforeAll(async () => {
  test = await buildTestApp({}, (app) => {
    app.get("/api/test/slow", { onRequest: app.authenticate }, async () => {
      await slowGate;
      return { done: true };
    });
  });
});
afterAll(() => test.close());

const call = (headers: Record<string, string>, url = "/api/users/profile") =>
  test.app.inject({ method: "GET", url, headers, remoteAddress: someAddress() });

/** A user whose calls go through a personal API key (all scopes): every call counts against the plan. */
async function scriptUser(options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(test.app, options);
  const apiKey = await createApiKey(test.app, user);
  return { ...user, session: user.auth, auth: apiKey.auth };
}

describe("per-user metering", () => {
  it("refuses a genesis user's 11th call in a minute with the spec's message", async () => {
    const user = await scriptUser();
    for (let i = 0; i < 10; i++) {
      const ok = await call(user.auth);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers["ratelimit-policy"]).toBe(
        '"minute";q=10;w=60, "hour";q=100;w=3600, "day";q=1000;w=86400, "concurrent";q=2;qu="concurrency"',
      );
      expect(ok.headers.ratelimit).toMatch(new RegExp(`^"minute";r=${9 - i};t=\\d+$`));
    }
    const refused = await call(user.auth);
    expectMinuteLimitRefusal(refused);
    // The refused call did not count; the usage record shows what the server enforces.
    const usage = await call(user.session, "/api/usage/me");
    expect(usage.json().counts.minute).toBe(10);
  });

  it("gives 60 a minute after an upgrade to quantum", async () => {
    const user = await scriptUser();
    for (let i = 0; i < 10; i++) await call(user.auth);
    expect((await call(user.auth)).statusCode).toBe(429);
    await test.database.db.update(users).set({ tier: "quantum" }).where(eq(users.id, user.id));
    // Written behind the server's back: it is told, as a writer outside a request must tell it.
    await test.app.forgetPrincipal(user.id);
    const after = await call(user.auth);
    expect(after.statusCode).toBe(200);
    expect(after.headers["ratelimit-policy"]).toContain('"minute";q=60;w=60');
    expect(after.headers.ratelimit).toBe(
      `"minute";r=49;t=${/t=(\d+)/.exec(String(after.headers.ratelimit))?.[1]}`,
    );
  });

  it("refuses the 1001st call of the day with the daily message", async () => {
    // 1000 calls spread over the day: the minute and hour windows have long restarted.
    const user = await scriptUser();
    await test.app.metering.charge(user.id, 1000, ["day"]);
    const refused = await call(user.auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: { message: "Daily limit exceeded: 1000 calls per day" },
      reason: "apiCallsPerDay",
    });
    expect(refused.json().retryAfter).toBeGreaterThan(3600);
  });

  it("uses the world's allowance where it is larger", async () => {
    const user = await scriptUser({ world: "awakening" });
    const response = await call(user.auth);
    expect(response.headers["ratelimit-policy"]).toContain('"minute";q=30;w=60');
  });

  it("refuses a third concurrent request with retryAfter 1", async () => {
    const user = await scriptUser();
    slowGate = new Promise((resolve) => {
      releaseSlow = resolve;
    });
    const first = call(user.auth, "/api/test/slow");
    const second = call(user.auth, "/api/test/slow");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const third = await call(user.auth, "/api/test/slow");
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      error: { message: "Too many concurrent requests: max 2" },
      retryAfter: 1,
      reason: "maxConcurrentRequests",
    });
    releaseSlow();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    // Slots are given back when requests finish.
    expect((await call(user.auth, "/api/test/slow")).statusCode).toBe(200);
  });

  it("does not meter a call the user may not make", async () => {
    const user = await scriptUser();
    for (let i = 0; i < 12; i++) {
      expect((await call(user.auth, "/api/users")).statusCode).toBe(403);
    }
    expect((await call(user.auth)).statusCode).toBe(200);
  });

  it("reports the usage record with limits and reset times", async () => {
    const user = await scriptUser({ tier: "cosmic", world: "cosmic" });
    await call(user.auth);
    await call(user.auth);
    const usage = (await call(user.session, "/api/usage/me")).json();
    expect(usage.counts).toEqual({ minute: 2, hour: 2, day: 2, concurrent: 0 });
    expect(usage.limits).toMatchObject({
      apiCallsPerMinute: 500,
      apiCallsPerDay: 100000,
      maxConcurrentRequests: 50,
    });
    expect(Date.parse(usage.resets.minute) - Date.now()).toBeLessThanOrEqual(60_000);
    expect(Date.parse(usage.resets.day) - Date.now()).toBeGreaterThan(3_600_000);
    expect(Date.parse(usage.lastActivity)).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe("the web app's own calls", () => {
  /** What a genesis user's screens read (consciousness history is a paid feature): profile, progress, signals, … */
  const SCREEN_READS = [
    "/api/users/profile",
    "/api/progress/me",
    "/api/plan/me",
    "/api/progress/ledger",
    "/api/quests",
    "/api/events",
    "/api/leaderboard",
    "/api/ai/allowance",
    "/api/chat/conversations",
    "/api/commands",
    "/api/files",
    "/api/aacos/universes",
    "/api/aacos/entities",
    "/api/aacos/templates",
    "/api/teams",
    "/api/alerts",
    "/api/alerts/rules",
    "/api/aacos/consciousness/state",
    "/api/aacos/quantum/state",
    "/api/signals",
    "/api/dashboard/stats",
    "/api/dashboard/metrics",
    "/api/dashboard/activity",
    "/api/me/layout",
    "/api/me/api-keys",
  ];

  it("never meet a genesis user's plan windows, while the same reads with an API key do", async () => {
    const user = await createUser(test.app);
    const statuses = new Set<number>();
    const forbidden: string[] = [];
    // Every screen's reads, three times over, and a realtime ticket each time: 81 calls in well under a minute.
    for (let round = 0; round < 3; round++) {
      for (const url of SCREEN_READS) {
        const response = await call(user.auth, url);
        statuses.add(response.statusCode);
        if (response.statusCode === 403) forbidden.push(url);
        expect(response.statusCode, url).not.toBe(429);
        // The general limit's fields (or none: the plan screen is never metered), never the plan's.
        expect([undefined, '"minute";q=100;w=60'], url).toContain(
          response.headers["ratelimit-policy"],
        );
      }
      const ticket = await request(test.app, user, "POST", "/api/realtime/ticket");
      expect(ticket.statusCode).toBe(200);
    }
    expect([...statuses], JSON.stringify(forbidden)).toEqual([200]);
    // None of it was a plan call.
    const usage = (await call(user.auth, "/api/usage/me")).json();
    expect(usage.counts).toMatchObject({ minute: 0, hour: 0, day: 0 });

    // The same user's script is held to the plan: the 11th call in the minute is refused.
    const apiKey = await createApiKey(test.app, user, { scopes: ["read"] });
    const scripted: number[] = [];
    for (const url of SCREEN_READS.filter((url) => url !== "/api/plan/me").slice(0, 11))
      scripted.push((await call(apiKey.auth, url)).statusCode);
    expect(scripted).toEqual([...Array(10).fill(200), 429]);
    // The session's reads go on.
    expect((await call(user.auth, "/api/users/profile")).statusCode).toBe(200);
  });

  it("are held to the general limit of 100 a minute", async () => {
    // Even on infinity: the general limit is not the plan's.
    const user = await createUser(test.app, { tier: "infinity" });
    for (let i = 0; i < 100; i++) {
      expect((await call(user.auth, SCREEN_READS[i % 2])).statusCode).not.toBe(429);
    }
    const refused = await call(user.auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: { code: "rate_limited", message: "Too many requests: 100 per minute" },
      reason: "general",
    });
    expect(refused.json().suggestedTier).toBeUndefined();
  });

  it("count metered actions against the plan: each item of a batch, a universe sync", async () => {
    const user = await createUser(test.app);
    const batch = await request(test.app, user, "POST", "/api/batch", {
      requests: Array.from({ length: 10 }, () => ({ method: "GET", url: "/api/users/profile" })),
    });
    expect(batch.statusCode).toBe(200);
    expect(batch.json().responses.map((item: { status: number }) => item.status)).toEqual(
      Array(10).fill(200),
    );
    expect((await call(user.auth, "/api/usage/me")).json().counts.minute).toBe(10);
    const universe = await request(test.app, user, "POST", "/api/aacos/universes", {
      name: "Metered",
    });
    expect(universe.statusCode).toBe(201);
    const sync = await request(test.app, user, "POST", "/api/aacos/universe/sync", {
      universeId: universe.json().universe.id,
    });
    expect(sync.statusCode).toBe(429);
    expect(sync.json()).toMatchObject({
      error: { message: "Rate limit exceeded: 10 calls per minute" },
      suggestedTier: "quantum",
      reason: "apiCallsPerMinute",
    });
    // Reads are still answered.
    expect((await call(user.auth, "/api/aacos/universes")).statusCode).toBe(200);
  });
});

describe("staff on staff screens", () => {
  it("are never stopped by their own genesis plan (docs/decisions/160-what-a-plans-api-calls-count.md)", async () => {
    // A first admin as bootstrap creates one: on genesis.
    const admin = await createUser(test.app, { roles: ["user", "admin"] });
    const target = await createUser(test.app);
    const staffCalls: [method: "GET" | "PUT" | "POST", url: string, payload?: object][] = [
      ["GET", "/api/users?page=1&pageSize=20"],
      ["GET", `/api/users/${target.id}`],
      ["GET", "/api/admin/audit"],
      ["GET", "/api/admin/settings"],
      ["GET", "/api/admin/settings/history"],
      ["GET", "/api/admin/security"],
      ["GET", "/api/admin/errors"],
      ["GET", "/api/admin/outbox"],
      ["GET", "/api/admin/teams"],
      ["GET", "/api/orchestration/entities"],
      ["GET", "/api/orchestration/models"],
      ["GET", "/api/autonomous/rules"],
      ["GET", "/api/autonomous/kill-switch"],
      ["GET", "/api/admin/analytics/signups"],
      ["GET", "/api/metrics/system"],
      ["PUT", "/api/admin/settings/maintenance", { enabled: false, message: "" }],
      ["PUT", `/api/users/${target.id}`, { tier: "quantum" }],
    ];
    const statuses: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (const [method, url, payload] of staffCalls) {
        const response = await test.app.inject({
          method,
          url,
          headers: admin.auth,
          remoteAddress: someAddress(),
          ...(payload ? { payload } : {}),
        });
        if (response.statusCode === 429) statuses.push(`${method} ${url}`);
      }
    }
    expect(statuses).toEqual([]);
    // …and may raise its own plan.
    const raised = await request(test.app, admin, "PUT", `/api/users/${admin.id}`, {
      tier: "infinity",
    });
    expect(raised.statusCode).toBe(200);
    expect((await call(admin.auth, "/api/usage/me")).json().counts.minute).toBe(0);
  });
});

describe("visitors", () => {
  it("are held to 100 requests per minute per address", async () => {
    const address = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) {
      const response = await test.app.inject({
        method: "GET",
        url: "/api/users/profile",
        remoteAddress: address,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 100).every((status) => status === 401)).toBe(true);
    expect(statuses[100]).toBe(429);
  });
});
