// The dashboard API: the user's real counts, a 24-hour series of runs and tokens with the call counters, and activity.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runs, universes } from "../../db/schema.js";
import { testClock } from "../../test/clock.js";
import { createApiKey, createUser, type SignedInUser } from "../../test/factories.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";
import type { ActivityPage, DashboardMetrics, DashboardStats } from "./index.js";

const HOUR_MS = 3_600_000;
let test: TestApp;
let user: SignedInUser;
let other: SignedInUser;
// Noon UTC, so "today" and the last 24 hours hold the same runs whenever the suite runs.
const clock = testClock();

beforeAll(async () => {
  test = await buildTestApp({}, undefined, { clock });
  user = await createUser(test.app, { tier: "cosmic" });
  other = await createUser(test.app, { tier: "cosmic" });
  const db = test.database.db;
  await db.insert(universes).values([
    { userId: user.id, name: "One" },
    { userId: user.id, name: "Two" },
    { userId: other.id, name: "Elsewhere" },
  ]);
  const now = clock().getTime();
  await db.insert(runs).values([
    {
      userId: user.id,
      kind: "chat",
      status: "succeeded",
      promptTokens: 10,
      completionTokens: 5,
      createdAt: new Date(now),
    },
    {
      userId: user.id,
      kind: "command",
      status: "succeeded",
      promptTokens: 7,
      completionTokens: 3,
      createdAt: new Date(now - 2 * HOUR_MS),
    },
    { userId: user.id, kind: "chat", status: "succeeded", createdAt: new Date(now - 30 * HOUR_MS) },
    {
      userId: other.id,
      kind: "chat",
      status: "succeeded",
      promptTokens: 99,
      createdAt: new Date(now),
    },
  ]);
});
afterAll(() => test.close());

async function get<T>(url: string, who = user): Promise<T> {
  const response = await test.app.inject({ method: "GET", url, headers: who.auth });
  expect(response.statusCode).toBe(200);
  return response.json() as T;
}

describe("dashboard", () => {
  it("counts the user's own things", async () => {
    await test.app.services.signals.emit(user.id, {
      kind: "run",
      source: "probe",
      severity: "info",
      data: {},
    });
    const stats = await get<DashboardStats>("/api/dashboard/stats");
    expect(stats).toMatchObject({
      universes: 2,
      entities: 0,
      conversations: 0,
      files: 0,
      storageBytes: 0,
      openAlerts: 0,
    });
    expect(stats.signalsToday).toBeGreaterThanOrEqual(1);
    // Runs since midnight UTC: the one two hours ago too, the one 30 hours ago not.
    expect(stats.runsToday).toBe(2);
    expect(stats.tokensToday).toBe(25);
  });

  it("gives 24 hourly points of runs and tokens, and the call counters", async () => {
    // One plan call (a script's); the dashboard's own reads are not plan calls.
    const script = await createApiKey(test.app, user, { scopes: ["read"] });
    await request(test.app, script, "GET", "/api/users/profile");
    const metrics = await get<DashboardMetrics>("/api/dashboard/metrics");
    expect(metrics.hours).toHaveLength(24);
    expect(metrics.hours.reduce((sum, point) => sum + point.runs, 0)).toBe(2);
    expect(metrics.hours.reduce((sum, point) => sum + point.tokens, 0)).toBe(25);
    expect(metrics.hours.at(-1)).toMatchObject({ runs: 1, tokens: 15 });
    expect(metrics.calls.minute).toBe(1);
    expect(metrics.limits.apiCallsPerMinute).toBe(300);
  });

  it("pages the user's signals as activity", async () => {
    for (let index = 0; index < 3; index += 1) {
      await test.app.services.signals.emit(other.id, {
        kind: "run",
        source: "probe",
        severity: "info",
        data: { index },
      });
    }
    const first = await get<ActivityPage>("/api/dashboard/activity?page=1&pageSize=2", other);
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(3);
    const ids = first.items.map((item) => item.id);
    expect(ids[0]).toBeGreaterThan(ids[1] ?? 0);
    const second = await get<ActivityPage>("/api/dashboard/activity?page=2&pageSize=2", other);
    expect(second.items[0]?.id ?? 0).toBeLessThan(ids[1] ?? 0);
    const bad = await request(test.app, other, "GET", "/api/dashboard/activity?pageSize=500");
    expect(bad.statusCode).toBe(400);
  });
});
