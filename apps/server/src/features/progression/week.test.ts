// A user played through nine days on a clock the test moves: sign-ins across a daylight-saving change and a time-zone
// move, two devices at once, a missed day, quests, a world upgrade and a community event; every number is checked
// against docs/product.md §4, and every total against the ledger's sum.
import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { progressLedger, users } from "../../db/schema.js";
import { createUser, PASSWORD, type SignedInUser, someAddress } from "../../test/factories.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { usersOffTheirLedger } from "../../test/progression.js";

const ZONE = "Europe/Berlin";
const DAY_MS = 86_400_000;

// The test's own clock, never the machine's: the week and its clock change are the same on every run.
// It starts half an hour before day 1's first sign-in, so the admin's access token still holds for the announcement.
let now = new Date("2027-03-25T06:30:00Z");
let test: TestApp;
let admin: SignedInUser;

/** The zone's UTC offset in minutes at a moment. */
function offsetMinutes(at: Date, timeZone: string): number {
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
      .formatToParts(at)
      .find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (match === null) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** A wall-clock time in a zone, as a moment. */
function zoned(date: string, time: string, timeZone: string): Date {
  const guess = new Date(`${date}T${time}:00Z`);
  const first = new Date(guess.getTime() - offsetMinutes(guess, timeZone) * 60_000);
  return new Date(guess.getTime() - offsetMinutes(first, timeZone) * 60_000);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The local date in Berlin on which the clocks change (summer time starts on the last Sunday of March). */
const CLOCK_CHANGE = "2027-03-28";

beforeAll(async () => {
  test = await buildTestApp({}, undefined, { clock: () => now });
  admin = await createUser(test.app, { roles: ["admin"], tier: "infinity" });
});
afterAll(() => test.close());

async function inject(options: InjectOptions) {
  const response = await test.app.inject(options);
  await test.app.services.progression.drain();
  return response;
}

/** A request as the signed-in user (auth is their Authorization header). */
function send(
  auth: { authorization: string },
  method: "POST" | "PATCH",
  url: string,
  payload?: Record<string, unknown>,
) {
  return inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload }) });
}

async function signIn(email: string) {
  const response = await inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password: PASSWORD },
    remoteAddress: someAddress(),
  });
  expect(response.statusCode).toBe(200);
  return { authorization: `Bearer ${response.json().token}` };
}

/** Totals equal the ledger's sums, for every user in the database. */
async function expectTotalsEqualLedger() {
  expect(await usersOffTheirLedger(test.database.db)).toEqual([]);
}

/** The user's experience and tokens by ledger source, API calls aside (their count depends on the calls made). */
async function bySource(userId: string) {
  const rows = await test.database.db
    .select({
      source: progressLedger.source,
      xp: sql<number>`sum(${progressLedger.xp})::int`,
      tokens: sql<number>`sum(${progressLedger.tokens})::int`,
    })
    .from(progressLedger)
    .where(eq(progressLedger.userId, userId))
    .groupBy(progressLedger.source);
  return Object.fromEntries(rows.map((row) => [row.source, { xp: row.xp, tokens: row.tokens }]));
}

describe("a week of play", () => {
  it("pays exactly what docs/product.md §4 says, and the totals stay the ledger's sum", async () => {
    const day = (n: number) => addDays(CLOCK_CHANGE, n - 4); // the clocks change on day 4
    const at = (n: number, time: string, zone = ZONE) => zoned(day(n), time, zone);
    expect(offsetMinutes(at(3, "12:00"), ZONE)).not.toBe(offsetMinutes(at(4, "12:00"), ZONE));

    now = at(1, "08:00");
    const progression = test.app.services.progression;
    const email = `week${Date.now()}@example.com`;
    const user = await test.app.services.accounts.createUser({
      email,
      username: `week${Date.now()}`,
      password: PASSWORD,
    });
    await test.database.db.update(users).set({ timeZone: ZONE }).where(eq(users.id, user.id));
    await test.app.forgetPrincipal(user.id);
    const rival = await createUser(test.app);

    // An admin announces an event running from day 2 to day 6 (UTC midnights).
    const created = await inject({
      method: "POST",
      url: "/api/events",
      headers: admin.auth,
      payload: {
        name: "Equinox sprint",
        description: "Most experience wins",
        startsAt: `${day(2)}T00:00:00Z`,
        endsAt: `${day(6)}T00:00:00Z`,
        rewards: [
          { place: 1, tokens: 500, badge: "equinox-champion", feature: "aurora-theme" },
          { place: 2, tokens: 200 },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const eventId: string = created.json().event.id;
    expect(created.json().event).toMatchObject({ status: "upcoming", participants: 0 });

    // Day 1: the first sign-in starts the streak with the day-1 bonus.
    now = at(1, "09:00");
    let auth = await signIn(email);
    let me = await progression.read(user.id);
    expect(me).toMatchObject({
      consecutiveLogins: 1,
      lastLoginDate: day(1),
      experience: 60,
      tokens: 110,
      rank: "novice",
      level: 1,
    });
    const ledger = await inject({ method: "GET", url: "/api/progress/ledger", headers: auth });
    expect(ledger.json().items[0]).toMatchObject({ xp: 0, tokens: 100, source: "start" });

    // Day 2: two devices sign in at the same moment: one day counted.
    now = at(2, "08:00");
    const devices = await Promise.all([
      inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password: PASSWORD },
        remoteAddress: someAddress(),
      }),
      inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password: PASSWORD },
        remoteAddress: someAddress(),
      }),
    ]);
    expect(devices.map((response) => response.statusCode)).toEqual([200, 200]);
    auth = { authorization: `Bearer ${devices[0]?.json().token}` };
    me = await progression.read(user.id);
    expect(me.consecutiveLogins).toBe(2);
    expect((await bySource(user.id)).dailySignIn).toEqual({ xp: 20, tokens: 0 });

    // The user joins the event (once) and takes three quests.
    const join = await send(auth, "POST", `/api/events/${eventId}/join`);
    expect(join.statusCode).toBe(200);
    expect(join.json().event).toMatchObject({ joined: true, participants: 1, status: "running" });
    const again = await send(auth, "POST", `/api/events/${eventId}/join`);
    expect(again.statusCode).toBe(409);
    await progression.events.join(rival.id, eventId);
    for (const quest of ["first_api_call", "create_universe", "week_streak"]) {
      const started = await send(auth, "POST", `/api/quests/${quest}/start`);
      expect(started.statusCode).toBe(200);
    }
    // Each start is itself a metered API call: the first one already made first contact.
    expect((await progression.read(user.id)).completedQuests).toEqual(["first_api_call"]);
    const train = await send(auth, "POST", "/api/quests/train_model/start");
    expect(train.statusCode).toBe(403);
    expect(train.json()).toMatchObject({
      error: { code: "tier_required" },
      suggestedTier: "quantum",
    });
    // A completed quest frees its slot: a third active quest fits, a fourth does not.
    const third = await send(auth, "POST", "/api/quests/first_entity/start");
    expect(third.json().quest).toMatchObject({
      status: "active",
      progress: { done: 0, target: 1 },
    });
    const full = await send(auth, "POST", "/api/quests/first_command/start");
    expect(full.statusCode).toBe(403);
    expect(full.json().error).toMatchObject({
      code: "limit_reached",
      message: "All 3 quest slots are in use",
    });
    // A universe reported twice at once is paid once, and completes its quest.
    const created1 = await Promise.all([
      progression.recordAction(user.id, "universeCreated", "universe-1"),
      progression.recordAction(user.id, "universeCreated", "universe-1"),
    ]);
    expect(created1.map((result) => result.xp).sort()).toEqual([0, 150]);
    await progression.recordAction(rival.id, "commandRun", "command-1");

    // Day 3, late evening: still before the clock change.
    now = at(3, "23:30");
    auth = await signIn(email);
    // Day 4, just after the clocks changed overnight.
    now = at(4, "03:30");
    auth = await signIn(email);
    me = await progression.read(user.id);
    expect(me).toMatchObject({ consecutiveLogins: 4, lastLoginDate: day(4) });

    // Day 4: the world upgrade pays its bonus through the ledger, once.
    const upgrade = await send(auth, "POST", "/api/plan/world", { world: "awakening" });
    expect(upgrade.statusCode).toBe(200);
    expect(await progression.creditWorldUpgrades(user.id)).toBe(0);
    expect((await bySource(user.id)).worldUpgrade).toEqual({ xp: 0, tokens: 250 });

    // Day 5: the awakening multiplier (×1.5) applies to the sign-in.
    now = at(5, "12:00");
    auth = await signIn(email);
    // The user moves to New York. At 02:00 in Berlin on day 6 it is still day 5 there: no new day.
    const moved = await send(auth, "PATCH", "/api/auth/profile", { timeZone: "America/New_York" });
    expect(moved.statusCode).toBe(200);
    now = at(6, "02:00");
    auth = await signIn(email);
    me = await progression.read(user.id);
    expect(me).toMatchObject({ consecutiveLogins: 5, lastLoginDate: day(5) });
    // Day 6 and 7 in New York; day 7 pays the day-7 bonus the awakening world unlocks, and the week quest.
    now = at(6, "09:00", "America/New_York");
    auth = await signIn(email);
    now = at(7, "09:00", "America/New_York");
    auth = await signIn(email);
    me = await progression.read(user.id);
    expect(me.consecutiveLogins).toBe(7);
    expect(me.completedQuests).toEqual(["first_api_call", "create_universe", "week_streak"]);

    // The event ended at day 6's UTC midnight; the hourly check pays it once, however often it runs.
    const checks = await Promise.all([
      progression.hourlyCheck(),
      progression.hourlyCheck(),
      progression.hourlyCheck(),
    ]);
    expect(checks.reduce((sum, check) => sum + check.eventsSettled, 0)).toBe(1);
    const events = await inject({ method: "GET", url: "/api/events", headers: auth });
    const event = events.json().items.find((item: { id: string }) => item.id === eventId);
    expect(event).toMatchObject({ status: "ended", joined: true, me: { place: 1 } });
    expect(event.leaders.map((leader: { userId: string }) => leader.userId)).toEqual([
      user.id,
      rival.id,
    ]);
    expect(event.leaders[1].score).toBe(5);

    // Day 8 is missed; day 9 starts over with the day-1 bonus.
    now = at(9, "10:00", "America/New_York");
    auth = await signIn(email);
    me = await progression.read(user.id);
    expect(me.consecutiveLogins).toBe(1);
    expect(me.lastLoginDate).toBe(day(9));

    const sources = await bySource(user.id);
    expect(sources).toMatchObject({
      start: { xp: 0, tokens: 100 },
      // Days 1–4 at ×1, days 5, 6, 7 and 9 at ×1.5 (15 each).
      dailySignIn: { xp: 4 * 10 + 4 * 15, tokens: 0 },
      // Day 1 (50 XP, 10 tokens), day 7 (250 XP, 100 tokens), day 9 after the missed day (50 XP, 10 tokens).
      dailyBonus: { xp: 350, tokens: 120 },
      universeCreated: { xp: 50, tokens: 0 },
      // first_api_call 50/10, create_universe 100/25, week_streak 200/50.
      quest: { xp: 350, tokens: 85 },
      worldUpgrade: { xp: 0, tokens: 250 },
      event: { xp: 0, tokens: 500 },
    });
    const apiXp = sources.apiCall?.xp ?? 0;
    expect(apiXp).toBeGreaterThan(0);
    expect(me.experience).toBe(100 + 350 + 50 + 350 + apiXp);
    expect(me.tokens).toBe(100 + 120 + 85 + 250 + 500);
    expect(me.achievedMilestones).toEqual([100, 500]);
    expect(me.badges.map((badge) => badge.badge)).toEqual(
      expect.arrayContaining(["milestone-100", "milestone-500", "equinox-champion"]),
    );
    expect(me.customizations).toEqual({ unlockedFeatures: ["aurora-theme"] });
    expect(me.currentWorld).toBe("awakening");

    // The API answers the same record, and the ledger adds up to it.
    const record = await inject({ method: "GET", url: "/api/progress/me", headers: auth });
    expect(record.statusCode).toBe(200);
    const body = record.json();
    const pages = await inject({
      method: "GET",
      url: "/api/progress/ledger?page=1&pageSize=100",
      headers: auth,
    });
    expect(pages.json().total).toBe(pages.json().items.length);
    expect(Object.keys(pages.json().items[0]).sort()).toEqual(
      ["id", "xp", "tokens", "reason", "source", "createdAt"].sort(),
    );
    // Read without an API call (each call earns API-call XP after its reply).
    const { items } = await progression.ledger(user.id, 1, 100);
    const final = await progression.read(user.id);
    expect(items.reduce((sum, item) => sum + item.xp, 0)).toBe(final.experience);
    expect(items.reduce((sum, item) => sum + item.tokens, 0)).toBe(final.tokens);
    expect(Object.keys(body).sort()).toEqual(
      [
        "userId",
        "currentWorld",
        "rank",
        "experience",
        "level",
        "tokens",
        "consecutiveLogins",
        "lastLogin",
        "lastLoginDate",
        "achievedMilestones",
        "completedQuests",
        "badges",
        "customizations",
        "nextRank",
      ].sort(),
    );
    await expectTotalsEqualLedger();
  });

  it("counts the new day of a user present within the hour, once, from the hourly check", async () => {
    now = new Date("2027-05-03T12:00:00Z");
    const present = await createUser(test.app);
    const before = await test.app.services.progression.read(present.id);
    expect(before.consecutiveLogins).toBe(1);
    // A day later, without a session refresh within the hour, the user is not present.
    now = new Date(now.getTime() + DAY_MS);
    await test.app.services.progression.countDaysOfPresentUsers();
    expect((await test.app.services.progression.read(present.id)).consecutiveLogins).toBe(1);
    // The browser refreshes the session (it does so hourly): now the new day counts, once.
    const refreshed = await test.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      payload: { refreshToken: present.refreshToken },
      remoteAddress: someAddress(),
    });
    expect(refreshed.statusCode).toBe(200);
    const first = await test.app.services.progression.countDaysOfPresentUsers();
    expect(first).toBeGreaterThanOrEqual(1);
    await test.app.services.progression.countDaysOfPresentUsers();
    const after = await test.app.services.progression.read(present.id);
    expect(after.consecutiveLogins).toBe(2);
    expect(after.experience).toBe(before.experience + 10);
    await expectTotalsEqualLedger();
  });
});
