// The plan API through the real app: upgrades with trials, downgrades at the end of the paid period (a moved clock),
// world upgrades with their bonus, history, admin changes through the same provider, and the feature gate.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, planChanges } from "../../db/schema.js";
import { TEAMS_NEED_COSMIC } from "../../test/expected.js";
import { createUser, type SignedInUser } from "../../test/factories.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";
import { createImmediateBillingProvider } from "./billing-provider.js";
import { createPlanService } from "./service.js";

const DAY_MS = 86_400_000;
let test: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  test = await buildTestApp({}, (app) => {
    // A route only this test has, standing in for the team features built later.
    app.get(
      "/api/test/teams",
      { onRequest: app.requireFeature("teamCollaboration") },
      async () => ({ ok: true }),
    );
  });
  admin = await createUser(test.app, { roles: ["admin"] });
});
afterAll(() => test.close());

function planMe(user: SignedInUser) {
  return request(test.app, user, "GET", "/api/plan/me");
}

function choose(user: SignedInUser, kind: "tier" | "world", value: string) {
  return request(test.app, user, "POST", `/api/plan/${kind}`, { [kind]: value });
}

function adminSets(user: SignedInUser, payload: Record<string, unknown>, by = admin) {
  return test.app.inject({
    method: "PUT",
    url: `/api/users/${user.id}`,
    headers: by.auth,
    payload,
  });
}

/** The same services as the app's, on its database, but reading a clock the test moves. */
function plansAt(now: () => Date) {
  const billing = createImmediateBillingProvider({ db: test.database.db, clock: now });
  return createPlanService({ db: test.database.db, audit: test.app.audit, billing });
}

function expectNear(iso: string | null, expected: number) {
  expect(iso).not.toBeNull();
  expect(Math.abs(new Date(iso ?? 0).getTime() - expected)).toBeLessThan(60_000);
}

describe("GET /api/plan/me", () => {
  it("shows a new user's genesis plan", async () => {
    const user = await createUser(test.app);
    const response = await planMe(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      tier: "genesis",
      world: "genesis",
      trialEndsAt: null,
      pendingTier: null,
      periodEndsAt: null,
      limits: { apiCallsPerMinute: 10, apiCallsPerDay: 1000 },
      features: { basicDashboard: true, apiAccess: false, teamCollaboration: false },
      history: [],
    });
  });

  it("asks visitors to sign in", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/plan/me" });
    expect(response.statusCode).toBe(401);
  });
});

describe("POST /api/plan/tier", () => {
  it("upgrades at once, with the tier's trial and its limits", async () => {
    const user = await createUser(test.app);
    const response = await choose(user, "tier", "quantum");
    expect(response.statusCode).toBe(200);
    const plan = response.json();
    expect(plan).toMatchObject({
      tier: "quantum",
      pendingTier: null,
      limits: { apiCallsPerMinute: 60, apiCallsPerHour: 1000, maxProjects: 20 },
      features: { apiAccess: true, teamCollaboration: false, supportLevel: "email" },
    });
    expectNear(plan.trialEndsAt, Date.now() + 14 * DAY_MS);
    expectNear(plan.periodEndsAt, Date.now() + 30 * DAY_MS);
    expect(plan.history).toEqual([
      expect.objectContaining({ kind: "tier", fromPlan: "genesis", toPlan: "quantum" }),
    ]);
    expect((await planMe(user)).json().tier).toBe("quantum");
    const [audit] = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, "user.plan_changed")));
    expect(audit?.data).toMatchObject({ kind: "tier", from: "genesis", to: "quantum" });
  });

  it("refuses the tier the user is already on, and names outside the catalogue", async () => {
    const user = await createUser(test.app);
    const same = await choose(user, "tier", "genesis");
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields).toEqual({ tier: "Already on this tier" });
    const unknown = await choose(user, "tier", "platinum");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ tier: "Invalid format" });
  });

  it("keeps a downgrade pending until the paid period ends, then applies it on the next read", async () => {
    const user = await createUser(test.app);
    const upgraded = (await choose(user, "tier", "cosmic")).json();
    const periodEnd = new Date(upgraded.periodEndsAt).getTime();

    const scheduled = await choose(user, "tier", "quantum");
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json()).toMatchObject({
      tier: "cosmic",
      pendingTier: "quantum",
      periodEndsAt: upgraded.periodEndsAt,
      features: { teamCollaboration: true },
    });
    const again = await choose(user, "tier", "quantum");
    expect(again.json().error.fields).toEqual({ tier: "This change is already scheduled" });

    const beforeTheEnd = await plansAt(() => new Date(periodEnd - 1000)).read(user.id);
    expect(beforeTheEnd).toMatchObject({ tier: "cosmic", pendingTier: "quantum" });

    const afterTheEnd = await plansAt(() => new Date(periodEnd + DAY_MS)).read(user.id);
    expect(afterTheEnd).toMatchObject({
      tier: "quantum",
      pendingTier: null,
      trialEndsAt: null,
      limits: { apiCallsPerMinute: 60 },
      features: { teamCollaboration: false },
    });
    // Still a paid tier: the next period follows the one that ended.
    expect(afterTheEnd.periodEndsAt).toBe(new Date(periodEnd + 30 * DAY_MS).toISOString());
    expect(afterTheEnd.history[0]).toEqual({
      kind: "tier",
      fromPlan: "cosmic",
      toPlan: "quantum",
      effectiveAt: new Date(periodEnd).toISOString(),
      bonusTokens: 0,
    });
    expect((await planMe(user)).json()).toMatchObject({ tier: "quantum", pendingTier: null });
  });

  it("calls a scheduled downgrade off when the current tier is chosen again", async () => {
    const user = await createUser(test.app);
    await choose(user, "tier", "cosmic");
    await choose(user, "tier", "genesis");
    const kept = await choose(user, "tier", "cosmic");
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ tier: "cosmic", pendingTier: null });
  });

  it("ends the paid period with a downgrade to the free tier", async () => {
    const user = await createUser(test.app);
    const upgraded = (await choose(user, "tier", "quantum")).json();
    await choose(user, "tier", "genesis");
    const later = new Date(new Date(upgraded.periodEndsAt).getTime() + 1000);
    const plan = await plansAt(() => later).read(user.id);
    expect(plan).toMatchObject({ tier: "genesis", pendingTier: null, periodEndsAt: null });
    expect(plan.limits.apiCallsPerMinute).toBe(10);
  });
});

describe("concurrent changes", () => {
  it("never mix two changes: each one that answers 200 is recorded once", async () => {
    const user = await createUser(test.app);
    // Two at once: genesis allows two requests in flight.
    const answers = await Promise.all([
      choose(user, "tier", "quantum"),
      choose(user, "tier", "cosmic"),
    ]);
    const ok = answers.filter((answer) => answer.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
    }
    const records = await test.database.db
      .select()
      .from(planChanges)
      .where(eq(planChanges.userId, user.id));
    // If cosmic won the race, quantum came second as a downgrade: scheduled (pendingTier), recorded only when due.
    const applied = ok.filter((answer) => answer.json().pendingTier === null);
    expect(records).toHaveLength(applied.length);
  });

  it("apply a due downgrade once when several reads find it at the same time", async () => {
    const user = await createUser(test.app);
    const upgraded = (await choose(user, "tier", "cosmic")).json();
    await choose(user, "tier", "genesis");
    const plans = plansAt(() => new Date(new Date(upgraded.periodEndsAt).getTime() + 1000));
    const reads = await Promise.all([
      plans.read(user.id),
      plans.read(user.id),
      plans.read(user.id),
    ]);
    expect(reads.map((plan) => plan.tier)).toEqual(["genesis", "genesis", "genesis"]);
    const records = await test.database.db
      .select()
      .from(planChanges)
      .where(and(eq(planChanges.userId, user.id), eq(planChanges.toPlan, "genesis")));
    expect(records).toHaveLength(1);
  });
});

describe("POST /api/plan/world", () => {
  it("climbs only, paying 250 tokens per level, and lists every change newest first", async () => {
    const user = await createUser(test.app);
    const climbed = await choose(user, "world", "quantum");
    expect(climbed.statusCode).toBe(200);
    expect(climbed.json()).toMatchObject({
      world: "quantum",
      // The world's allowance beats the genesis tier's (the larger limit wins).
      limits: { apiCallsPerMinute: 100, apiCallsPerDay: 20000 },
    });
    expect(climbed.json().history[0]).toMatchObject({
      kind: "world",
      fromPlan: "genesis",
      toPlan: "quantum",
      bonusTokens: 500,
    });

    const down = await choose(user, "world", "awakening");
    expect(down.statusCode).toBe(400);
    expect(down.json().error.fields).toEqual({ world: "Worlds only move up" });
    const same = await choose(user, "world", "quantum");
    expect(same.json().error.fields).toEqual({ world: "Worlds only move up" });

    await choose(user, "world", "cosmic");
    await choose(user, "tier", "quantum");
    const history = (await planMe(user)).json().history;
    expect(history.map((item: { toPlan: string }) => item.toPlan)).toEqual([
      "quantum",
      "cosmic",
      "quantum",
    ]);
    expect(history.map((item: { bonusTokens: number }) => item.bonusTokens)).toEqual([0, 250, 500]);
    const [record] = await test.database.db
      .select()
      .from(planChanges)
      .where(and(eq(planChanges.userId, user.id), eq(planChanges.toPlan, "cosmic")));
    expect(record).toMatchObject({ kind: "world", provider: "immediate", actorId: null });
  });
});

describe("admin plan changes (PUT /api/users/:id)", () => {
  it("apply at once through the provider, downgrades and lower worlds included, recorded with the admin", async () => {
    const user = await createUser(test.app);
    const up = await adminSets(user, { tier: "infinity", world: "cosmic" });
    expect(up.statusCode).toBe(200);
    expect(up.json().user).toMatchObject({ tier: "infinity", world: "cosmic" });

    const down = await adminSets(user, { tier: "quantum", world: "awakening" });
    expect(down.statusCode).toBe(200);
    const plan = (await planMe(user)).json();
    expect(plan).toMatchObject({ tier: "quantum", world: "awakening", pendingTier: null });
    // A trial comes with moving up only; infinity's 30 days ended with the downgrade.
    expect(plan.trialEndsAt).toBeNull();

    const records = await test.database.db
      .select()
      .from(planChanges)
      .where(eq(planChanges.userId, user.id));
    expect(records).toHaveLength(4);
    expect(records.every((record) => record.actorId === admin.id)).toBe(true);
    expect(records.find((record) => record.toPlan === "awakening")?.bonusTokens).toBe(0);
    expect(records.find((record) => record.toPlan === "cosmic")?.bonusTokens).toBe(750);

    const audit = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, "user.plan_changed")));
    expect(audit).toHaveLength(2);
    expect(audit[0]?.actorId).toBe(admin.id);
  });

  it("override a user's scheduled downgrade and do not start a second trial", async () => {
    const user = await createUser(test.app);
    await choose(user, "tier", "quantum");
    await choose(user, "tier", "genesis");
    const set = await adminSets(user, { tier: "genesis" });
    expect(set.statusCode).toBe(200);
    expect((await planMe(user)).json()).toMatchObject({ tier: "genesis", pendingTier: null });
    const again = (await choose(user, "tier", "quantum")).json();
    expect(again).toMatchObject({ tier: "quantum", trialEndsAt: null });
  });

  it("are refused to anyone but an admin", async () => {
    const user = await createUser(test.app);
    const other = await createUser(test.app, { roles: ["operator"] });
    const response = await adminSets(user, { tier: "infinity" }, other);
    expect(response.statusCode).toBe(403);
    const self = await adminSets(user, { tier: "infinity" }, user);
    expect(self.statusCode).toBe(403);
    expect((await planMe(user)).json().tier).toBe("genesis");
  });
});

describe("feature gate", () => {
  it("asks visitors to sign in", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/test/teams" });
    expect(response.statusCode).toBe(401);
  });

  it("refuses a tier without the feature, naming the tier that unlocks it", async () => {
    const user = await createUser(test.app);
    await choose(user, "tier", "quantum");
    const response = await request(test.app, user, "GET", "/api/test/teams");
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(TEAMS_NEED_COSMIC);
  });

  it("lets cosmic through", async () => {
    const user = await createUser(test.app);
    await choose(user, "tier", "cosmic");
    const response = await request(test.app, user, "GET", "/api/test/teams");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});
