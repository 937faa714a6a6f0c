// API-call XP is counted in memory and written at most once per user per flush interval
// (docs/decisions/214-api-call-xp-flushed.md): N calls make exactly N rows of XP within the daily cap, two instances
// sharing a database never pass the cap together, and a graceful stop writes what was still counted.
import { and, count, eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { progress, progressLedger } from "../../db/schema.js";
import { testClock } from "../../test/clock.js";
import { createApiKey, createUser } from "../../test/factories.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";
import { createProgressionService, type Every, logSignals } from "./index.js";

/** A flush timer the test ticks by hand: `tick()` runs what the interval would run. */
function manualTimer() {
  const ticks = new Set<() => void>();
  const every: Every = (_ms, tick) => {
    ticks.add(tick);
    return () => ticks.delete(tick);
  };
  return {
    every,
    tick: () => {
      for (const tick of ticks) tick();
    },
    get running() {
      return ticks.size;
    },
  };
}

const clock = testClock();
const timer = manualTimer();
let test: TestApp;

beforeAll(async () => {
  test = await buildTestApp({}, undefined, { clock, every: timer.every });
});
afterAll(() => test.close());

/** The user's API-call rows in the ledger, their XP, and whether the totals still equal the ledger's sum. */
async function apiCallLedger(userId: string) {
  const db = test.database.db;
  const [rows] = await db
    .select({ n: count(), xp: sum(progressLedger.xp) })
    .from(progressLedger)
    .where(and(eq(progressLedger.userId, userId), eq(progressLedger.source, "apiCall")));
  const [all] = await db
    .select({ xp: sum(progressLedger.xp) })
    .from(progressLedger)
    .where(eq(progressLedger.userId, userId));
  const [row] = await db
    .select({ experience: progress.experience })
    .from(progress)
    .where(eq(progress.userId, userId));
  return {
    rows: rows?.n ?? 0,
    xp: Number(rows?.xp ?? 0),
    reconciles: Number(all?.xp ?? 0) === row?.experience,
  };
}

/** `n` successful signed-in calls (each metered, so each earns API-call XP). */
async function calls(auth: { authorization: string }, n: number) {
  for (let i = 0; i < n; i++) {
    const response = await test.app.inject({
      method: "GET",
      url: "/api/quests",
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
  }
}

/** Lets the flush the tick started finish (it runs behind any flush before it). */
async function tickAndSettle() {
  timer.tick();
  await test.app.services.progression.drain();
}

describe("API-call XP written in batches", () => {
  it("writes nothing per call; the next flush writes one ledger row and 1 XP per call", async () => {
    const user = await createUser(test.app);
    await tickAndSettle();
    const before = await apiCallLedger(user.id);
    await calls(user.auth, 7);
    // Counted in memory only: no transaction per call.
    expect(await apiCallLedger(user.id)).toEqual(before);
    await tickAndSettle();
    expect(await apiCallLedger(user.id)).toEqual({
      rows: before.rows + 7,
      xp: before.xp + 7,
      reconciles: true,
    });
  });

  it("writes a user's own calls before their progress read, so it shows what they just did", async () => {
    const user = await createUser(test.app);
    const other = await createUser(test.app);
    await tickAndSettle();
    const read = async () => {
      const response = await request(test.app, user, "GET", "/api/progress/me");
      expect(response.statusCode).toBe(200);
      return (response.json() as { experience: number }).experience;
    };
    const before = await read();
    const otherBefore = await apiCallLedger(other.id);
    await calls(other.auth, 2);
    // The read itself is metered: `before` is followed by its own call, then 3 more.
    await calls(user.auth, 3);
    expect(await read()).toBe(before + 4);
    // Another user's calls still wait for the interval.
    expect(await apiCallLedger(other.id)).toEqual(otherBefore);
    await tickAndSettle();
    expect((await apiCallLedger(other.id)).rows).toBe(otherBefore.rows + 2);
  });

  it("counts each call within the daily cap of 100: 130 calls pay 100 rows, over several flushes", async () => {
    const user = await createUser(test.app, { tier: "infinity", world: "infinity" });
    // Plan calls with a personal API key: infinity's windows are unlimited, so none is refused (creating the key is
    // a call too).
    const { auth } = await createApiKey(test.app, user, { scopes: ["read"] });
    await calls(auth, 60);
    await tickAndSettle();
    await calls(auth, 70);
    await tickAndSettle();
    // Infinity's ×5: 100 calls × 5 XP; the rest of the day's calls skip the database.
    expect(await apiCallLedger(user.id)).toEqual({ rows: 100, xp: 500, reconciles: true });
    await calls(auth, 5);
    await tickAndSettle();
    expect((await apiCallLedger(user.id)).rows).toBe(100);
  });

  it("counts calls against the day they were made, and starts afresh the next day", async () => {
    const user = await createUser(test.app);
    const progression = test.app.services.progression;
    for (let i = 0; i < 3; i++) progression.observeApiCall(user.id, "UTC");
    // The flush runs after the user's midnight: the three calls still belong to the day before.
    clock.advance(86_400_000);
    for (let i = 0; i < 2; i++) progression.observeApiCall(user.id, "UTC");
    await tickAndSettle();
    const days = await test.database.db
      .select({ key: progressLedger.sourceKey })
      .from(progressLedger)
      .where(and(eq(progressLedger.userId, user.id), eq(progressLedger.source, "apiCall")));
    const byDay = new Map<string, number>();
    for (const { key } of days) {
      const day = key.split(":")[1] ?? "";
      byDay.set(day, (byDay.get(day) ?? 0) + 1);
    }
    expect([...byDay.values()].sort()).toEqual([2, 3]);
  });

  it("holds the cap across two instances sharing the database", async () => {
    const user = await createUser(test.app);
    const instances = [0, 1].map(() =>
      createProgressionService({
        db: test.database.db,
        clock,
        signals: logSignals(test.app.log),
        log: test.app.log,
        apiCallFlushMs: null,
      }),
    );
    // 70 calls on each, flushed at the same moment: only the row lock orders the two transactions.
    for (const instance of instances) {
      for (let i = 0; i < 70; i++) instance.observeApiCall(user.id, "UTC");
    }
    await Promise.all(instances.map((instance) => instance.drain()));
    expect(await apiCallLedger(user.id)).toEqual({ rows: 100, xp: 100, reconciles: true });
  });

  it("a graceful stop writes the calls still counted, and ends the timer", async () => {
    const user = await createUser(test.app);
    const stopping = manualTimer();
    const instance = createProgressionService({
      db: test.database.db,
      clock,
      signals: logSignals(test.app.log),
      log: test.app.log,
      every: stopping.every,
    });
    expect(stopping.running).toBe(1);
    for (let i = 0; i < 12; i++) instance.observeApiCall(user.id, "UTC");
    expect((await apiCallLedger(user.id)).rows).toBe(0);
    await instance.stop();
    expect(stopping.running).toBe(0);
    expect(await apiCallLedger(user.id)).toEqual({ rows: 12, xp: 12, reconciles: true });
  });

  it("closing the app (the SIGTERM path) writes the calls its replies acknowledged", async () => {
    const own = manualTimer();
    const closing = await buildTestApp({}, undefined, { clock, every: own.every });
    const user = await createUser(closing.app);
    for (let i = 0; i < 4; i++) {
      const response = await request(closing.app, user, "GET", "/api/quests");
      expect(response.statusCode).toBe(200);
    }
    await closing.app.close();
    // The database is still open: app.close() ran the progression's stop before main.ts closes it.
    const [rows] = await closing.database.db
      .select({ n: count() })
      .from(progressLedger)
      .where(and(eq(progressLedger.userId, user.id), eq(progressLedger.source, "apiCall")));
    expect(rows?.n).toBe(4);
    await closing.close().catch(() => {});
  });
});
