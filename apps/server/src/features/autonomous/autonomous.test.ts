// Autonomous control end to end on the real app and job runner, against a real loopback OpenAI-compatible server:
// rules validated, a schedule firing at its due time on the test clock, budgets, dry runs, signal triggers, the
// kill switch stopping a run in flight, and who may use it.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, autonomousExecutions } from "../../db/schema.js";
import { createEntity } from "../../test/ai.js";
import {
  type AutonomousTestApps,
  buildAutonomousApps,
  insertOrphanRun,
} from "../../test/autonomous.js";
import { TEST_NOW } from "../../test/clock.js";
import { createUser, type SignedInUser } from "../../test/factories.js";
import { type FakeLlmServer, startFakeLlm } from "../../test/fake-llm-server.js";
import { waitFor } from "../../test/wait.js";

let fake: FakeLlmServer;
let cluster: AutonomousTestApps;
let app: FastifyInstance;
let admin: SignedInUser;
let entityId: string;
// Starts at a fixed instant (a Tuesday in November, Israel on winter time) and moves only when a test moves it.
let now = new Date(TEST_NOW);
const clock = () => now;
/** One second on, so "newest first" has an order. */
const tick = () => {
  now = new Date(now.getTime() + 1000);
};

beforeAll(async () => {
  fake = await startFakeLlm();
  cluster = await buildAutonomousApps({
    clock,
    tickMs: 20,
    env: fake.env,
  });
  app = cluster.apps[0] as FastifyInstance;
  admin = await createUser(app, { roles: ["user", "admin"], tier: "infinity", world: "infinity" });
  entityId = (await createEntity(app, admin.id, { name: "Alpha" })).id;
});

afterAll(async () => {
  await cluster?.close();
  await fake?.close();
});

beforeEach(() => fake.reset());
afterEach(async () => {
  await call("PUT", "/api/autonomous/kill-switch", { engaged: false });
});

async function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  body?: unknown,
  as = admin,
) {
  return app.inject({
    method,
    url,
    headers: as.auth,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

function ruleBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Status report",
    entityIds: [entityId],
    prompt: "Report your status",
    trigger: "schedule",
    cron: "*/5 * * * *",
    timeZone: "Asia/Jerusalem",
    maxRunsPerHour: 10,
    maxTokensPerDay: 10_000,
    dryRun: false,
    enabled: true,
    ...overrides,
  };
}

async function createRule(overrides: Record<string, unknown> = {}) {
  const response = await call("POST", "/api/autonomous/rules", ruleBody(overrides));
  expect(response.statusCode).toBe(201);
  return response.json().rule as { id: string; nextRuns: string[] };
}

interface Execution {
  id: string;
  status: string;
  trigger: string;
  dueAt: string;
  tokens: number;
  error: string | null;
  errorCode: { code: string; params: Record<string, unknown> } | null;
  detail: { entityNames: string[]; prompt: string; signalId?: number };
}

async function executions(ruleId: string): Promise<Execution[]> {
  const response = await call("GET", `/api/autonomous/executions?ruleId=${ruleId}`);
  expect(response.statusCode).toBe(200);
  return response.json().items;
}

const FINAL = ["succeeded", "failed", "skipped_budget", "stopped_budget", "dry_run", "killed"];
const settled = (items: Execution[], n = 1) =>
  items.length >= n && items.every((item) => FINAL.includes(item.status));

/** Waits until the rule has at least `n` executions and all of them have finished. */
const settledExecutions = (ruleId: string, n = 1) =>
  waitFor(
    () => executions(ruleId),
    (items) => settled(items, n),
  );

/** "Run now" on the rule. */
const runNow = (ruleId: string) => call("POST", `/api/autonomous/rules/${ruleId}/run`);

describe("rules", () => {
  it("validates a rule with field messages and shows the next three run times", async () => {
    const bad = await call(
      "POST",
      "/api/autonomous/rules",
      ruleBody({
        cron: "0 9 * *",
        timeZone: "Mars/Olympus",
        maxRunsPerHour: 0,
        maxTokensPerDay: 2.5,
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      cron: "Use five fields: minute, hour, day of month, month, day of week",
      timeZone: "Unknown time zone",
      maxRunsPerHour: "Runs per hour must be a whole number from 1 to 60",
      maxTokensPerDay: "Tokens per day must be a whole number from 1 to 1000000",
    });
    const unreadable = await call(
      "POST",
      "/api/autonomous/rules",
      ruleBody({ cron: "61 * * * *" }),
    );
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().error.fields).toEqual({ cron: "This cron expression cannot be read" });
    const signalWithoutKind = await call(
      "POST",
      "/api/autonomous/rules",
      ruleBody({ trigger: "signal", cron: "" }),
    );
    expect(signalWithoutKind.json().error.fields).toEqual({ signalKind: "Field is required" });

    const stranger = await createUser(app, { roles: ["developer"], tier: "infinity" });
    const theirs = await createEntity(app, stranger.id, { name: "Theirs" });
    const foreign = await call(
      "POST",
      "/api/autonomous/rules",
      ruleBody({ entityIds: [theirs.id] }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({
      entityIds: "One of these entities does not exist or is not yours",
    });

    const rule = await createRule({ cron: "0 9 * * 1" });
    // The next three Mondays at 09:00 in Jerusalem: 07:00 UTC in winter.
    expect(rule.nextRuns).toEqual([
      "2026-11-30T07:00:00.000Z",
      "2026-12-07T07:00:00.000Z",
      "2026-12-14T07:00:00.000Z",
    ]);
    const preview = await call(
      "GET",
      `/api/autonomous/cron-preview?cron=${encodeURIComponent("0 9 * * 1")}&timeZone=Asia/Jerusalem`,
    );
    expect(preview.json().nextRuns).toEqual(rule.nextRuns);

    const list = await call("GET", "/api/autonomous/rules");
    expect(list.json().items.map((item: { id: string }) => item.id)).toContain(rule.id);
    const audited = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, rule.id));
    expect(audited.map((row) => row.action)).toEqual(["autonomous.rule_created"]);
  });

  it("refuses plain users and operators (403), lets developers in", async () => {
    const user = await createUser(app, { roles: ["user"], tier: "infinity" });
    const operator = await createUser(app, { roles: ["operator"], tier: "infinity" });
    const developer = await createUser(app, { roles: ["developer"], tier: "infinity" });
    for (const who of [user, operator]) {
      expect((await call("GET", "/api/autonomous/rules", undefined, who)).statusCode).toBe(403);
      expect((await call("POST", "/api/autonomous/rules", ruleBody(), who)).statusCode).toBe(403);
      expect(
        (await call("PUT", "/api/autonomous/kill-switch", { engaged: true }, who)).statusCode,
      ).toBe(403);
    }
    expect((await call("GET", "/api/autonomous/rules", undefined, developer)).statusCode).toBe(200);
    expect((await call("GET", "/api/autonomous/kill-switch")).json().engaged).toBe(false);
  });
});

describe("executions", () => {
  it("fires a schedule rule at its due time on the clock, once, and records the command", async () => {
    const rule = await createRule({ cron: "* * * * *", timeZone: "UTC" });
    const due = new Date(rule.nextRuns[0] ?? "");
    now = new Date(due.getTime() - 1000);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await executions(rule.id)).toEqual([]);

    now = new Date(due.getTime() + 1000);
    const [done] = await settledExecutions(rule.id);
    expect(done).toMatchObject({
      trigger: "schedule",
      dueAt: due.toISOString(),
      status: "succeeded",
      tokens: 17,
      error: null,
      detail: { entityNames: ["Alpha"], prompt: "Report your status" },
    });
    // More ticks within the same minute fire nothing more.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await executions(rule.id)).toHaveLength(1);
    expect(fake.requests).toHaveLength(1);
    await call("POST", `/api/autonomous/rules/${rule.id}/disable`);
  });

  it("records a dry run without calling the language model", async () => {
    const rule = await createRule({ dryRun: true, cron: "0 0 1 1 *" });
    const run = await runNow(rule.id);
    expect(run.statusCode).toBe(202);
    const [done] = await settledExecutions(rule.id);
    expect(done).toMatchObject({
      trigger: "manual",
      status: "dry_run",
      tokens: 0,
      detail: { entityNames: ["Alpha"], prompt: "Report your status" },
    });
    expect(fake.requests).toHaveLength(0);
  });

  it("skips a run once the rule's runs per hour are used up", async () => {
    const runs = await createRule({ dryRun: true, maxRunsPerHour: 1, cron: "0 0 1 1 *" });
    await runNow(runs.id);
    await settledExecutions(runs.id);
    tick();
    await runNow(runs.id);
    const items = await settledExecutions(runs.id, 2);
    expect(items.map((item) => item.status)).toEqual(["skipped_budget", "dry_run"]);
    expect(items[0]?.error).toBe("Budget used up: 1 run per hour");
    // The browser shows it by its code (docs/decisions/300), never by the English text.
    expect(items[0]?.errorCode).toEqual({ code: "budget_runs", params: { n: 1 } });
  });

  it("stops a run where it would pass the rule's tokens per day, and skips the next", async () => {
    // The prompt counts 18 tokens (system and user message); "The " brings 19, "The answer " 21: stopped there.
    const rule = await createRule({ maxTokensPerDay: 20, cron: "0 0 1 1 *" });
    await runNow(rule.id);
    const [stopped] = await settledExecutions(rule.id);
    expect(stopped).toMatchObject({
      status: "stopped_budget",
      error: "Stopped at the budget: 20 tokens per day",
      errorCode: { code: "budget_reached", params: { n: 20 } },
      tokens: 21,
    });
    expect(fake.requests).toHaveLength(1);
    tick();
    await runNow(rule.id);
    const spent = await settledExecutions(rule.id, 2);
    expect(spent.map((item) => item.status)).toEqual(["skipped_budget", "stopped_budget"]);
    expect(spent[0]?.error).toBe("Budget used up: 20 tokens per day");
    expect(fake.requests).toHaveLength(1);
    const list = (await call("GET", "/api/autonomous/rules")).json().items as {
      id: string;
      usage: { runsLastHour: number; tokensLastDay: number };
    }[];
    expect(list.find((item) => item.id === rule.id)?.usage).toEqual({
      runsLastHour: 1,
      tokensLastDay: 21,
    });

    // A prompt that alone would pass what is left never reaches the model.
    const tiny = await createRule({ maxTokensPerDay: 10, cron: "0 0 1 1 *" });
    await runNow(tiny.id);
    const [refused] = await settledExecutions(tiny.id);
    expect(refused).toMatchObject({
      status: "stopped_budget",
      error: "Stopped at the budget: 10 tokens per day",
      tokens: 0,
    });
    expect(fake.requests).toHaveLength(1);
  });

  it("closes a run whose instance stopped renewing its lease, and keeps its own running", async () => {
    fake.behave({ tokenDelayMs: 150 });
    const rule = await createRule({ cron: "0 0 1 1 *" });
    // A run another instance claimed a moment ago and then died with: its lease runs for a minute.
    const orphan = await insertOrphanRun(app.database.db, {
      ruleId: rule.id,
      userId: admin.id,
      now,
    });
    tick();
    await runNow(rule.id);
    const running = await waitFor(
      () => executions(rule.id),
      (items) => items.filter((item) => item.status === "running").length === 2,
    );
    const own = running.find((item) => item.id !== orphan);
    // Within its lease the orphan is left alone.
    expect(await app.services.autonomous.tick()).toMatchObject({ lost: 0 });

    // A minute and more on: the orphan's lease ran out, while this instance renewed its own run's on every tick.
    now = new Date(now.getTime() + 61_000);
    const closed = await waitFor(
      () => executions(rule.id),
      (items) => items.find((item) => item.id === orphan)?.status === "failed",
    );
    expect(closed.find((item) => item.id === orphan)).toMatchObject({
      status: "failed",
      error: "The server running it stopped before it finished",
    });
    expect(closed.find((item) => item.id === own?.id)?.status).toBe("running");
    const done = await waitFor(
      () => executions(rule.id),
      (items) => items.find((item) => item.id === own?.id)?.status === "succeeded",
    );
    expect(done.find((item) => item.id === own?.id)).toMatchObject({ tokens: 17, error: null });
    await call("POST", `/api/autonomous/rules/${rule.id}/disable`);
  });

  it("fails a run left queued with no job for it once a lease has passed", async () => {
    const rule = await createRule({ cron: "0 0 1 1 *" });
    // Recorded, then its instance died before the job reached the runner (or an admin dropped its dead letter).
    const [stranded] = await app.database.db
      .insert(autonomousExecutions)
      .values({
        ruleId: rule.id,
        userId: admin.id,
        slot: "manual:stranded",
        trigger: "manual",
        dueAt: now,
        status: "queued",
        jobId: randomUUID(),
        createdAt: now,
      })
      .returning({ id: autonomousExecutions.id });
    const status = async () => (await executions(rule.id)).find((item) => item.id === stranded?.id);
    await app.services.autonomous.tick();
    // Within a lease it is left alone: its job may still be on its way.
    expect((await status())?.status).toBe("queued");
    // A minute and more on, the service's own ticks (every 20 ms here) find it.
    now = new Date(now.getTime() + 61_000);
    const closed = await waitFor(status, (item) => item?.status !== "queued");
    expect(closed).toMatchObject({
      status: "failed",
      error: "The run was lost before it started",
    });
  });

  it("fires a signal rule on a matching signal only", async () => {
    const rule = await createRule({
      trigger: "signal",
      cron: "",
      signalKind: "quota",
      signalSource: "",
      signalMinSeverity: "warning",
      dryRun: true,
    });
    const signals = app.services.signals;
    const other = await createUser(app, { roles: ["admin"], tier: "infinity" });
    await signals.emit(admin.id, { kind: "quota", source: "minute", severity: "info", data: {} });
    await signals.emit(admin.id, { kind: "security", source: "x", severity: "critical", data: {} });
    await signals.emit(other.id, { kind: "quota", source: "day", severity: "critical", data: {} });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await executions(rule.id)).toEqual([]);

    const matching = await signals.emit(admin.id, {
      kind: "quota",
      source: "minute",
      severity: "warning",
      data: {},
    });
    const [done] = await settledExecutions(rule.id);
    expect(done).toMatchObject({ trigger: "signal", status: "dry_run" });
    expect(done?.detail.signalId).toBe(matching.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await executions(rule.id)).toHaveLength(1);
  });

  it("stops a run in flight when the kill switch turns on, and starts no new ones", async () => {
    fake.behave({ tokenDelayMs: 400 });
    const rule = await createRule({ cron: "* * * * *", timeZone: "UTC" });
    await runNow(rule.id);
    await waitFor(
      () => executions(rule.id),
      (items) => items[0]?.status === "running" && fake.requests.length === 1,
    );
    const started = Date.now();
    const kill = await call("PUT", "/api/autonomous/kill-switch", { engaged: true });
    expect(kill.statusCode).toBe(200);
    expect(kill.json()).toMatchObject({ engaged: true, changedBy: admin.id });
    const [killed] = await settledExecutions(rule.id);
    // Six tokens at 400 ms would take 2.4 s; the run stops well before.
    expect(Date.now() - started).toBeLessThan(1500);
    expect(killed).toMatchObject({
      status: "killed",
      error: "The kill switch is on: autonomous runs are stopped",
      errorCode: { code: "kill_switch_on", params: {} },
    });

    const refused = await runNow(rule.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("The kill switch is on: autonomous runs are stopped");
    // The rule's due time comes and goes: nothing fires while the switch is on.
    now = new Date(new Date(rule.nextRuns[0] ?? "").getTime() + 1000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await executions(rule.id)).toHaveLength(1);
    expect((await call("GET", "/api/autonomous/kill-switch")).json().engaged).toBe(true);
    const audited = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "autonomous.kill_switch"));
    expect(audited.length).toBeGreaterThan(0);
    await call("POST", `/api/autonomous/rules/${rule.id}/disable`);
  });
});
