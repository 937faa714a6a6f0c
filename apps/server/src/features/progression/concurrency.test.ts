// A thousand simultaneous actions, for one user and spread over many: each is paid once, the daily caps hold, and
// every user's totals equal their ledger's sum.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { progressLedger } from "../../db/schema.js";
import { createUser } from "../../test/factories.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";
import { usersOffTheirLedger } from "../../test/progression.js";
import { createProgressionService, logSignals } from "./index.js";

let test: TestApp;

beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

const drift = () => usersOffTheirLedger(test.database.db);

describe("simultaneous actions", () => {
  it("for one user: 1,000 at once on two instances, each key paid once, caps held, totals equal the ledger", async () => {
    const user = await createUser(test.app);
    const progression = test.app.services.progression;
    // A second server instance on the same database: only the row lock orders the two.
    const other = createProgressionService({
      db: test.database.db,
      clock: () => new Date(),
      signals: logSignals(test.app.log),
      log: test.app.log,
    });
    const before = await progression.read(user.id);
    // 400 distinct commands, each reported twice, and 200 API calls against their daily cap of 100.
    const actions = [
      ...Array.from({ length: 400 }, (_, i) =>
        progression.recordAction(user.id, "commandRun", `command-${i}`),
      ),
      ...Array.from({ length: 400 }, (_, i) =>
        other.recordAction(user.id, "commandRun", `command-${i}`),
      ),
      ...Array.from({ length: 200 }, (_, i) =>
        (i % 2 === 0 ? progression : other).recordAction(user.id, "apiCall", `call-${i}`),
      ),
    ];
    const results = await Promise.all(actions);
    expect(results).toHaveLength(1000);
    const after = await progression.read(user.id);
    // 400 commands × 5 XP, and API calls capped at 100 a day × 1 XP.
    expect(after.experience - before.experience).toBe(400 * 5 + 100);
    expect(after.tokens).toBe(before.tokens);
    expect(after.rank).toBe("explorer");
    expect(after.achievedMilestones).toEqual([100, 500, 1000]);
    expect(await drift()).toEqual([]);
  }, 60_000);

  it("for many users: 1,000 at once over 50 users, totals equal the ledger for every one", async () => {
    const people = await Promise.all(Array.from({ length: 50 }, () => createUser(test.app)));
    const progression = test.app.services.progression;
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => {
        const person = people[i % people.length];
        if (person === undefined) throw new Error("setup");
        // Every fifth action repeats an earlier key of the same user.
        const key = i % 5 === 4 ? `entity-${i - people.length}` : `entity-${i}`;
        return progression.recordAction(person.id, "entityCreated", key);
      }),
    );
    const paid = results.filter((result) => result.xp > 0).length;
    const [ledger] = await test.database.db
      .select({ n: count() })
      .from(progressLedger)
      .where(eq(progressLedger.source, "entityCreated"));
    expect(ledger?.n).toBe(paid);
    expect(paid).toBeGreaterThanOrEqual(800);
    expect(await drift()).toEqual([]);
  }, 60_000);

  it("for API calls through HTTP: the XP stops at the daily cap of 100", async () => {
    const user = await createUser(test.app, { tier: "infinity", world: "infinity" });
    const progression = test.app.services.progression;
    const before = await progression.read(user.id);
    await Promise.all(
      Array.from({ length: 130 }, () => request(test.app, user, "GET", "/api/quests")),
    );
    await progression.drain();
    const after = await progression.read(user.id);
    // Infinity's ×5: 100 calls × 5 XP.
    expect(after.experience - before.experience).toBe(500);
    expect(await drift()).toEqual([]);
  }, 60_000);
});
