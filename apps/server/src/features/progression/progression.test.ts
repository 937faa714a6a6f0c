// The progression API's shapes and rules: progress and ledger, quests, events, the leaderboard with positions far
// below the top 100, and the scheduler's slot claim that lets one instance of many run the hourly check.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimSlot, slotFor } from "../../platform/scheduler.js";
import { testClock } from "../../test/clock.js";
import { createUser, type SignedInUser } from "../../test/factories.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";

let test: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  // A fixed clock: the event below starts in 2030, so it is upcoming on every run (on the wall clock it would not be
  // from 2030 on).
  test = await buildTestApp({}, undefined, { clock: testClock() });
  admin = await createUser(test.app, { roles: ["admin"], tier: "infinity" });
});
afterAll(() => test.close());

/** A signed-in GET; its API-call XP (written after the reply) is settled before the test goes on. */
async function get(url: string, user: SignedInUser) {
  const response = await test.app.inject({ method: "GET", url, headers: user.auth });
  await test.app.services.progression.drain();
  return response;
}

describe("GET /api/progress/me and the ledger", () => {
  it("start at 100 tokens, the ledger's first row, after the first sign-in's day", async () => {
    const user = await createUser(test.app);
    const me = await get("/api/progress/me", user);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      userId: user.id,
      currentWorld: "genesis",
      rank: "novice",
      experience: 60,
      level: 1,
      tokens: 110,
      consecutiveLogins: 1,
      achievedMilestones: [],
      completedQuests: [],
      badges: [],
      customizations: {},
      nextRank: { rank: "explorer", from: 1000 },
    });
    const ledger = await get("/api/progress/ledger?page=1&pageSize=2", user);
    expect(ledger.json()).toMatchObject({
      items: [
        { xp: 0, tokens: 100, source: "start", reason: "Starting tokens" },
        { xp: 10, tokens: 0, source: "dailySignIn" },
      ],
      // The day-1 bonus, and the API call that read the progress.
      total: 4,
    });
    const bad = await get("/api/progress/ledger?page=abc&pageSize=0", user);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ page: "Invalid format", pageSize: "Invalid format" });
  });

  it("offers no way to ask for XP or tokens", () => {
    const writes = test.app.apiRoutes.filter(
      (route) => /progress|leaderboard/.test(route.url) && route.method !== "GET",
    );
    expect(writes).toEqual([]);
  });
});

describe("quests", () => {
  it("list the catalogue with status, progress and slots", async () => {
    const user = await createUser(test.app);
    const list = await get("/api/quests", user);
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.slots).toEqual({ used: 0, total: 3 });
    expect(body.items.length).toBeGreaterThanOrEqual(12);
    expect(body.items.find((quest: { id: string }) => quest.id === "train_model")).toMatchObject({
      status: "locked",
      requiredTier: "quantum",
      xpReward: 300,
      tokenReward: 75,
    });
    expect(body.items[0]).toMatchObject({
      id: "first_api_call",
      status: "available",
      progress: { done: 0, target: 1 },
    });
    const unknown = await request(test.app, user, "POST", "/api/quests/no_such_quest/start");
    expect(unknown.statusCode).toBe(404);
  });

  it("complete once, from the action the server observed, counting only after the start", async () => {
    const user = await createUser(test.app, { tier: "quantum", world: "quantum" });
    const progression = test.app.services.progression;
    await progression.recordAction(user.id, "commandRun", "before-start");
    await progression.quests.start(user.id, "quantum", "command_chain");
    for (let i = 0; i < 24; i++) await progression.recordAction(user.id, "commandRun", `c-${i}`);
    let list = await progression.quests.list(user.id, "quantum", "quantum");
    expect(list.items.find((quest) => quest.id === "command_chain")?.progress).toEqual({
      done: 24,
      target: 25,
    });
    const last = await progression.recordAction(user.id, "commandRun", "c-24");
    expect(last.completedQuests).toEqual(["command_chain"]);
    // Quantum's ×2 on the command; the quest pays its published reward.
    expect(last).toMatchObject({ xp: 10 + 250, tokens: 60 });
    list = await progression.quests.list(user.id, "quantum", "quantum");
    expect(list.items.find((quest) => quest.id === "command_chain")?.status).toBe("completed");
    const again = await request(test.app, user, "POST", "/api/quests/command_chain/start");
    expect(again.statusCode).toBe(409);
    // Actions with no XP of their own complete quests too.
    await progression.quests.start(user.id, "quantum", "community_helper");
    const helped = await progression.recordAction(user.id, "helpfulAnswer", "answer-1");
    expect(helped).toMatchObject({ xp: 500, tokens: 150, completedQuests: ["community_helper"] });
  });

  it("let two simultaneous starts take no more than the world's slots", async () => {
    const user = await createUser(test.app);
    const progression = test.app.services.progression;
    await progression.quests.start(user.id, "genesis", "create_universe");
    await progression.quests.start(user.id, "genesis", "first_entity");
    const results = await Promise.allSettled([
      progression.quests.start(user.id, "genesis", "first_command"),
      progression.quests.start(user.id, "genesis", "multiverse"),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
  });
});

describe("community events", () => {
  it("are created by admins only, with checked dates and rewards", async () => {
    const user = await createUser(test.app);
    const body = {
      name: "Sprint",
      description: "Earn the most",
      startsAt: "2030-01-01T00:00:00Z",
      endsAt: "2030-01-08T00:00:00Z",
      rewards: [{ place: 1, tokens: 100 }],
    };
    const refused = await request(test.app, user, "POST", "/api/events", body);
    expect(refused.statusCode).toBe(403);
    const backwards = await request(test.app, admin, "POST", "/api/events", {
      ...body,
      endsAt: body.startsAt,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields.endsAt).toBeDefined();
    const created = await request(test.app, admin, "POST", "/api/events", body);
    expect(created.statusCode).toBe(201);
    expect(created.json().event).toMatchObject({
      name: "Sprint",
      status: "upcoming",
      rewards: [{ place: 1, tokens: 100, badge: null, feature: null }],
      participants: 0,
      joined: false,
      leaders: [],
      me: null,
    });
    const id: string = created.json().event.id;
    const joins = await Promise.all([
      request(test.app, user, "POST", `/api/events/${id}/join`),
      request(test.app, user, "POST", `/api/events/${id}/join`),
    ]);
    expect(joins.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const noSuchEvent = `/api/events/${crypto.randomUUID()}/join`;
    const missing = await request(test.app, user, "POST", noSuchEvent);
    expect(missing.statusCode).toBe(404);
  });
});

describe("the leaderboard", () => {
  it("shows the top 100, highest first, and the caller's position far below", async () => {
    const db = test.database.db;
    // 150 ranked players straight in the database: experience 10,000 down to 8,510.
    await db.execute(sql`
      insert into users (email, username, world)
      select 'lb' || i || '@example.com', 'lb' || i, case when i % 2 = 0 then 'cosmic' else 'genesis' end
      from generate_series(1, 150) as i`);
    await db.execute(sql`
      insert into progress (user_id, experience, tokens, rank)
      select id, 10000 - (substring(username from 3)::int - 1) * 10, 0, 'pioneer'
      from users where username like 'lb%'`);
    await db.execute(sql`
      insert into progress_ledger (user_id, xp, tokens, reason, source, source_key)
      select user_id, experience, 0, 'Seeded', 'seed', 'seed' from progress
      join users on users.id = progress.user_id where username like 'lb%'`);
    // Written past the services: the index is filled again from the table, as at start.
    await test.app.services.progression.leaderboard.rebuild();
    const user = await createUser(test.app);
    const board = await get("/api/leaderboard", user);
    expect(board.statusCode).toBe(200);
    const body = board.json();
    expect(body.entries).toHaveLength(100);
    expect(body.entries[0]).toMatchObject({
      username: "lb1",
      experience: 10000,
      rank: "pioneer",
      position: 1,
    });
    expect(Object.keys(body.entries[0]).sort()).toEqual(
      ["userId", "username", "experience", "rank", "position"].sort(),
    );
    const experiences = body.entries.map((entry: { experience: number }) => entry.experience);
    expect(experiences).toEqual([...experiences].sort((a: number, b: number) => b - a));
    expect(body.me.position).toBeGreaterThan(150);
    expect(body.me.experience).toBeGreaterThan(0);

    const cosmic = await get("/api/leaderboard?world=cosmic", user);
    expect(cosmic.json().entries[0]).toMatchObject({ username: "lb2", position: 1 });
    expect(cosmic.json().entries).toHaveLength(75);
    expect(cosmic.json().me.position).toBeNull();
    expect((await get("/api/leaderboard?world=nowhere", user)).statusCode).toBe(400);
  });

  it("gives equal experience an equal position", async () => {
    const entries = await test.app.services.progression.leaderboard.top(undefined);
    for (const [index, entry] of entries.entries()) {
      const previous = entries[index - 1];
      if (previous === undefined) continue;
      if (previous.experience === entry.experience) expect(entry.position).toBe(previous.position);
      else expect(entry.position).toBe(index + 1);
    }
  });
});

describe("the scheduler's slot claim", () => {
  it("lets exactly one of several instances run an hour's slot", async () => {
    const now = new Date("2031-05-05T10:42:00Z");
    const slot = slotFor("progression-hourly", 3_600_000, now);
    expect(slot).toBe("progression-hourly:2031-05-05T10:00:00.000Z");
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimSlot(test.database.db, slot, now)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const next = slotFor("progression-hourly", 3_600_000, new Date("2031-05-05T11:00:00Z"));
    expect(await claimSlot(test.database.db, next, now)).toBe(true);
  });
});
