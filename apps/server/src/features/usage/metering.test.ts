// Per-user metering over the real API: the spec's messages, retryAfter, the upgrade payload and the RateLimit fields.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema.js";
import { createUser, someAddress } from "../../test/factories.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";

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

describe("per-user metering", () => {
  it("refuses a genesis user's 11th call in a minute with the spec's message", async () => {
    const user = await createUser(test.app);
    for (let i = 0; i < 10; i++) {
      const ok = await call(user.auth);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers["ratelimit-policy"]).toBe(
        '"minute";q=10;w=60, "hour";q=100;w=3600, "day";q=1000;w=86400, "concurrent";q=2;qu="concurrency"',
      );
      expect(ok.headers.ratelimit).toMatch(new RegExp(`^"minute";r=${9 - i};t=\\d+$`));
    }
    const refused = await call(user.auth);
    expect(refused.statusCode).toBe(429);
    const body = refused.json();
    expect(body).toMatchObject({
      error: { code: "rate_limited", message: "Rate limit exceeded: 10 calls per minute" },
      suggestedTier: "quantum",
      upgradeUrl: "/tiers?upgrade=quantum",
      reason: "apiCallsPerMinute",
    });
    expect(body.retryAfter).toBeGreaterThanOrEqual(1);
    expect(body.retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers["retry-after"]).toBe(String(body.retryAfter));
    // The refused call did not count.
    const usage = await call(user.auth, "/api/usage/me");
    expect(usage.json().counts.minute).toBe(10);
  });

  it("gives 60 a minute after an upgrade to quantum", async () => {
    const user = await createUser(test.app);
    for (let i = 0; i < 10; i++) await call(user.auth);
    expect((await call(user.auth)).statusCode).toBe(429);
    await test.database.db.update(users).set({ tier: "quantum" }).where(eq(users.id, user.id));
    const after = await call(user.auth);
    expect(after.statusCode).toBe(200);
    expect(after.headers["ratelimit-policy"]).toContain('"minute";q=60;w=60');
    expect(after.headers.ratelimit).toBe(
      `"minute";r=49;t=${/t=(\d+)/.exec(String(after.headers.ratelimit))?.[1]}`,
    );
  });

  it("refuses the 1001st call of the day with the daily message", async () => {
    // 1000 calls spread over the day: the minute and hour windows have long restarted.
    const user = await createUser(test.app);
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
    const user = await createUser(test.app, { world: "awakening" });
    const response = await call(user.auth);
    expect(response.headers["ratelimit-policy"]).toContain('"minute";q=30;w=60');
  });

  it("refuses a third concurrent request with retryAfter 1", async () => {
    const user = await createUser(test.app);
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
    const user = await createUser(test.app);
    for (let i = 0; i < 12; i++) {
      expect((await call(user.auth, "/api/users")).statusCode).toBe(403);
    }
    expect((await call(user.auth)).statusCode).toBe(200);
  });

  it("reports the usage record with limits and reset times", async () => {
    const user = await createUser(test.app, { tier: "cosmic", world: "cosmic" });
    await call(user.auth);
    await call(user.auth);
    const usage = (await call(user.auth, "/api/usage/me")).json();
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
