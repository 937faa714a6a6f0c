// Consciousness: awareness from signal sources, integration from runs, harmony from open alerts, the rebalance alert
// below 0.3 (once while open), the target level's validation, and history on read at most every 5 minutes.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alerts, consciousnessHistory, runs, signals } from "../../db/schema.js";
import { TEST_NOW } from "../../test/clock.js";
import { createUser, type SignedInUser } from "../../test/factories.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";

let test: TestApp;
// A fixed start, moved only by the test.
let now = new Date(TEST_NOW);
const DAY = 86_400_000;

beforeAll(async () => {
  test = await buildTestApp({}, undefined, { clock: () => now });
});
afterAll(() => test.close());

const state = async (who: SignedInUser) => {
  const response = await request(test.app, who, "GET", "/api/aacos/consciousness/state");
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** Sign-in and API calls leave real signals; the tests that count sources start from none. */
const clearSignals = (userId: string) =>
  test.database.db.delete(signals).where(eq(signals.userId, userId));

const openAlert = (userId: string, severity: string) =>
  test.database.db.insert(alerts).values({ userId, rule: `r-${severity}`, severity, message: "m" });

describe("GET /api/aacos/consciousness/state", () => {
  it("starts at awareness 0, integration 0, harmony 1, target 0", async () => {
    const user = await createUser(test.app, { tier: "cosmic" });
    // Signing in writes progression signals in the background; let them land before clearing.
    await test.app.services.progression.drain();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await clearSignals(user.id);
    expect(await test.app.services.consciousness.compute(user.id)).toEqual({
      awareness: 0,
      integration: 0,
      harmony: 1,
    });
    expect(await state(user)).toEqual({
      awareness: expect.any(Number),
      integration: 0,
      harmony: 1,
      targetLevel: 0,
    });
  });

  it("computes the three values from signals, runs and open alerts", async () => {
    const user = await createUser(test.app, { tier: "cosmic" });
    await test.database.db.insert(runs).values([
      { userId: user.id, kind: "chat", status: "complete" },
      { userId: user.id, kind: "command", status: "complete" },
      { userId: user.id, kind: "sync", status: "succeeded" },
      { userId: user.id, kind: "chat", status: "failed" },
      // Unfinished and old runs do not count.
      { userId: user.id, kind: "chat", status: "running" },
      {
        userId: user.id,
        kind: "chat",
        status: "failed",
        createdAt: new Date(now.getTime() - 8 * DAY),
      },
    ]);
    await openAlert(user.id, "critical");
    await openAlert(user.id, "warning");
    await clearSignals(user.id);
    await test.database.db.insert(signals).values([
      {
        userId: user.id,
        kind: "run",
        source: "chat",
        createdAt: new Date(now.getTime() - 3_600_000),
      },
      {
        userId: user.id,
        kind: "sync",
        source: "workspace",
        createdAt: new Date(now.getTime() - 2 * DAY),
      },
      {
        userId: user.id,
        kind: "sync",
        source: "workspace",
        createdAt: new Date(now.getTime() - 3 * DAY),
      },
      // Older than 7 days: not a source any more.
      {
        userId: user.id,
        kind: "sync",
        source: "legacy",
        createdAt: new Date(now.getTime() - 8 * DAY),
      },
    ]);
    expect(await test.app.services.consciousness.compute(user.id)).toEqual({
      awareness: 0.5,
      integration: 0.75,
      harmony: 0.3,
    });
    expect(await state(user)).toMatchObject({ integration: 0.75, harmony: 0.3, targetLevel: 0 });
    // Exactly 0.3 is not below the threshold: no rebalance yet.
    const rebalance = async () =>
      (await test.database.db.select().from(alerts).where(eq(alerts.userId, user.id))).filter(
        (row) => row.rule === "rebalance",
      );
    expect(await rebalance()).toEqual([]);

    await openAlert(user.id, "warning");
    expect((await state(user)).harmony).toBe(0.1);
    await state(user);
    await test.app.services.consciousness.checkAllHarmony();
    const raised = await rebalance();
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ status: "open", value: 0.1 });
    expect(raised[0]?.suggestedAction).toContain("Rebalance");
    // The rebalance alert itself does not lower harmony further.
    expect((await state(user)).harmony).toBe(0.1);
    const listed = await request(test.app, user, "GET", "/api/alerts");
    expect(
      listed.json().items.filter((a: { rule: string }) => a.rule === "rebalance"),
    ).toHaveLength(1);
  });

  it("writes a history row at most every 5 minutes", async () => {
    const user = await createUser(test.app, { tier: "cosmic" });
    await state(user);
    await state(user);
    const rows = () =>
      test.database.db
        .select()
        .from(consciousnessHistory)
        .where(eq(consciousnessHistory.userId, user.id));
    expect(await rows()).toHaveLength(1);
    now = new Date(now.getTime() + 5 * 60_000);
    await state(user);
    expect(await rows()).toHaveLength(2);
    const history = await request(test.app, user, "GET", "/api/aacos/consciousness/history");
    expect(history.statusCode).toBe(200);
    expect(history.json().items).toHaveLength(2);
    expect(history.json().items[0]).toEqual({
      awareness: expect.any(Number),
      integration: 0,
      harmony: 1,
      targetLevel: 0,
      createdAt: now.toISOString(),
    });
  });

  it("keeps the full history for tiers with the consciousness engine", async () => {
    const quantum = await createUser(test.app, { tier: "quantum" });
    const locked = await request(test.app, quantum, "GET", "/api/aacos/consciousness/history");
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.code).toBe("feature_locked");
    expect((await state(quantum)).harmony).toBe(1);
  });
});

describe("POST /api/aacos/consciousness/level", () => {
  it("sets the target level in [0, 1] and answers 400 otherwise", async () => {
    const user = await createUser(test.app, { tier: "cosmic" });
    for (const level of [1.5, -0.1, "high", null]) {
      const response = await request(test.app, user, "POST", "/api/aacos/consciousness/level", {
        level,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.level).toBe("Level must be a number from 0 to 1");
    }
    const missing = await request(test.app, user, "POST", "/api/aacos/consciousness/level", {});
    expect(missing.statusCode).toBe(400);
    const set = await request(test.app, user, "POST", "/api/aacos/consciousness/level", {
      level: 0.8,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ targetLevel: 0.8 });
    expect((await state(user)).targetLevel).toBe(0.8);
    now = new Date(now.getTime() + 10 * 60_000);
    expect((await state(user)).targetLevel).toBe(0.8);
  });
});
