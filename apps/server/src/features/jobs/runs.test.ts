// Background runs end to end against a real loopback OpenAI-compatible server: the universe sync as a job, an entity
// run, batches (parallel with quantum processing, one after another without), reading and cancelling runs.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEntitiesInOneUniverse, createEntity } from "../../test/ai.js";
import { createUser, type SignedInUser, someAddress } from "../../test/factories.js";
import { DEFAULT_TOKENS, type FakeLlmServer, startFakeLlm } from "../../test/fake-llm-server.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";

const ANSWER = DEFAULT_TOKENS.join("");

let fake: FakeLlmServer;
let test: TestApp;

interface RunView {
  id: string;
  kind: string;
  status: string;
  entityId: string | null;
  batchId: string | null;
  output: string;
  error: string | null;
  errorCode: { code: string; params: Record<string, unknown> } | null;
}

beforeAll(async () => {
  fake = await startFakeLlm();
  test = await buildTestApp(fake.env);
});

afterAll(async () => {
  await test?.close();
  await fake?.close();
});

beforeEach(() => fake.reset());

async function call(user: SignedInUser, method: "GET" | "POST", url: string, payload?: object) {
  return test.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) });
}

async function readRun(user: SignedInUser, id: string): Promise<RunView> {
  const response = await call(user, "GET", `/api/aacos/runs/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().run;
}

/** Polls through the service: a test's polling must not spend the plan's API calls per minute. */
async function peek(user: SignedInUser, id: string): Promise<RunView> {
  return test.app.services.backgroundRuns.get(user.id, id);
}

async function settled(user: SignedInUser, id: string, timeoutMs = 15_000): Promise<RunView> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const run = await peek(user, id);
    if (run.status !== "queued" && run.status !== "running") return run;
    if (Date.now() > until) throw new Error(`run ${id} still ${run.status}`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/** Polls a batch until every run ended; returns the most runs seen running at once. */
async function watchBatch(user: SignedInUser, ids: string[]): Promise<number> {
  let most = 0;
  const until = Date.now() + 20_000;
  for (;;) {
    const views = await Promise.all(ids.map((id) => peek(user, id)));
    most = Math.max(most, views.filter((run) => run.status === "running").length);
    if (views.every((run) => run.status !== "queued" && run.status !== "running")) return most;
    if (Date.now() > until) throw new Error("batch did not finish");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("universe sync as a job", () => {
  it("answers 202 with the queued run, then the run succeeds and a sync signal follows", async () => {
    const user = await createUser(test.app, { tier: "cosmic" });
    const entity = await createEntity(test.app, user.id, { name: "Keeper" });
    const response = await call(user, "POST", "/api/aacos/universe/sync", {
      universeId: entity.universeId,
    });
    expect(response.statusCode, response.body).toBe(202);
    const run = response.json().run;
    expect(run).toMatchObject({ kind: "sync", status: "queued" });
    expect(typeof run.id).toBe("string");
    const done = await settled(user, run.id);
    expect(done).toMatchObject({ kind: "sync", status: "succeeded", error: null, errorCode: null });
    expect(done.output).toContain("entity Keeper: ok");
    const signals = await test.app.services.signals.list(user.id, { kind: "sync", limit: 5 });
    expect(signals.items[0]?.data).toMatchObject({ runId: run.id, status: "succeeded" });
  });

  it("answers 404 for another user's universe and 400 without one", async () => {
    const owner = await createUser(test.app, { tier: "cosmic" });
    const stranger = await createUser(test.app, { tier: "cosmic" });
    const entity = await createEntity(test.app, owner.id);
    const foreign = await call(stranger, "POST", "/api/aacos/universe/sync", {
      universeId: entity.universeId,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await call(owner, "POST", "/api/aacos/universe/sync", {})).statusCode).toBe(400);
  });
});

describe("entity runs", () => {
  it("runs a prompt in the background through the AI service and records the answer", async () => {
    const user = await createUser(test.app, { tier: "quantum", world: "quantum" });
    const entity = await createEntity(test.app, user.id, { name: "Scout" });
    const response = await call(user, "POST", `/api/aacos/entities/${entity.id}/runs`, {
      prompt: "Map the nebula",
    });
    expect(response.statusCode, response.body).toBe(202);
    const run = response.json().run as RunView;
    expect(run).toMatchObject({ status: "queued", entityId: entity.id, kind: "background" });
    const done = await settled(user, run.id);
    expect(done).toMatchObject({ status: "complete", output: ANSWER, error: null });
    expect(fake.requests.at(-1)?.body.messages?.at(-1)).toEqual({
      role: "user",
      content: "Map the nebula",
    });
    // The job's time-out is the plan's processing cap (quantum: 30 s) plus a margin.
    const expiry = (await test.database.db.execute(
      sql`select extract(epoch from expire_in)::int as seconds from pgboss.job where id = ${run.id}::uuid`,
    )) as unknown as { rows: { seconds: number }[] };
    expect(expiry.rows[0]?.seconds).toBe(60);
    // The run's start and end as signals (written just after the row).
    let statuses: unknown[] = [];
    for (let tries = 0; statuses.length < 2 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const signals = await test.app.services.signals.list(user.id, { kind: "run", limit: 10 });
      statuses = signals.items
        .filter((item) => item.data.runId === run.id)
        .map((item) => item.data.status);
    }
    expect(statuses.sort()).toEqual(["complete", "running"]);
  });

  it("takes its time-out from the live catalogue: an admin's processing-time limit reaches the job", async () => {
    const admin = await createUser(test.app, { roles: ["user", "admin"], tier: "infinity" });
    const setLimit = await test.app.inject({
      method: "PUT",
      url: "/api/admin/settings/tiers/infinity",
      headers: admin.auth,
      remoteAddress: someAddress(),
      payload: { limits: { maxProcessingTimeMs: 90_000 } },
    });
    expect(setLimit.statusCode, setLimit.body).toBe(200);
    try {
      const user = await createUser(test.app, { tier: "infinity" });
      const entity = await createEntity(test.app, user.id);
      const response = await call(user, "POST", `/api/aacos/entities/${entity.id}/runs`, {
        prompt: "Quick one",
      });
      expect(response.statusCode, response.body).toBe(202);
      const run = response.json().run as RunView;
      const expiry = (await test.database.db.execute(
        sql`select extract(epoch from expire_in)::int as seconds from pgboss.job where id = ${run.id}::uuid`,
      )) as unknown as { rows: { seconds: number }[] };
      // 90 s set by the admin plus the 30 s margin; the built-in infinity plan has no cap (an hour).
      expect(expiry.rows[0]?.seconds).toBe(120);
      await settled(user, run.id);
    } finally {
      await test.app.inject({
        method: "DELETE",
        url: "/api/admin/settings/tiers/infinity",
        headers: admin.auth,
        remoteAddress: someAddress(),
      });
    }
  });

  it("refuses bad input with 400, someone else's entity with 404", async () => {
    const user = await createUser(test.app, { tier: "cosmic" });
    const stranger = await createUser(test.app, { tier: "cosmic" });
    const entity = await createEntity(test.app, user.id);
    const empty = await call(user, "POST", `/api/aacos/entities/${entity.id}/runs`, { prompt: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.prompt).toBeTruthy();
    const foreign = await call(stranger, "POST", `/api/aacos/entities/${entity.id}/runs`, {
      prompt: "Hello",
    });
    expect(foreign.statusCode).toBe(404);
    expect((await call(stranger, "GET", `/api/aacos/runs/${entity.id}`)).statusCode).toBe(404);
    const duplicate = await call(user, "POST", "/api/aacos/runs", {
      entityIds: [entity.id, entity.id],
      prompt: "Hi",
    });
    expect(duplicate.statusCode).toBe(400);
  });

  it("cancelling a running run aborts its answer at once; a finished run cannot be cancelled", async () => {
    fake.behave({ tokenDelayMs: 400 });
    const user = await createUser(test.app, { tier: "cosmic" });
    const entity = await createEntity(test.app, user.id);
    const started = await call(user, "POST", `/api/aacos/entities/${entity.id}/runs`, {
      prompt: "Take your time",
    });
    const id = started.json().run.id as string;
    for (let tries = 0; (await peek(user, id)).status !== "running"; tries++) {
      expect(tries).toBeLessThan(300);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const cancelledAt = Date.now();
    const cancel = await call(user, "POST", `/api/aacos/runs/${id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const done = await settled(user, id);
    expect(done.status).toBe("stopped");
    expect(Date.now() - cancelledAt).toBeLessThan(1500);
    expect(done.output.length).toBeLessThan(ANSWER.length);
    const again = await call(user, "POST", `/api/aacos/runs/${id}/cancel`);
    expect(again.statusCode).toBe(409);
  });
});

describe("batches", () => {
  it("without quantum processing runs the entities one after another", async () => {
    fake.behave({ tokenDelayMs: 40 });
    const user = await createUser(test.app, { tier: "quantum", world: "quantum" });
    const entityIds = await createEntitiesInOneUniverse(test.app, user.id, ["One", "Two", "Three"]);
    const response = await call(user, "POST", "/api/aacos/runs", {
      entityIds,
      prompt: "Count off",
    });
    expect(response.statusCode, response.body).toBe(202);
    const batch = response.json();
    expect(batch.mode).toBe("sequential");
    expect(batch.runs.map((run: RunView) => run.entityId)).toEqual(entityIds);
    const ids = batch.runs.map((run: RunView) => run.id);
    expect(await watchBatch(user, ids)).toBe(1);
    for (const id of ids) expect(await readRun(user, id)).toMatchObject({ status: "complete" });
  });

  it("with quantum processing fans the runs out in parallel", async () => {
    fake.behave({ tokenDelayMs: 100 });
    const user = await createUser(test.app, { tier: "cosmic", world: "cosmic" });
    const first = await createEntity(test.app, user.id, { name: "A" });
    const others = await Promise.all(
      ["B", "C"].map((name) =>
        createEntity(test.app, user.id, { name, universeId: first.universeId }),
      ),
    );
    const response = await call(user, "POST", "/api/aacos/runs", {
      entityIds: [first.id, ...others.map((entity) => entity.id)],
      prompt: "All at once",
    });
    expect(response.statusCode, response.body).toBe(202);
    const batch = response.json();
    expect(batch.mode).toBe("parallel");
    const ids = batch.runs.map((run: RunView) => run.id);
    expect(await watchBatch(user, ids)).toBeGreaterThan(1);
    for (const id of ids) {
      expect(await readRun(user, id)).toMatchObject({ status: "complete", batchId: batch.batchId });
    }
  });

  it("a cancelled waiting run of a sequential batch never runs, and the batch goes on", async () => {
    fake.behave({ tokenDelayMs: 60 });
    const user = await createUser(test.app, { tier: "quantum", world: "quantum" });
    const entityIds = await createEntitiesInOneUniverse(test.app, user.id, [
      "Lead",
      "Skipped",
      "Tail",
    ]);
    const response = await call(user, "POST", "/api/aacos/runs", { entityIds, prompt: "In order" });
    const [lead, skipped, tail] = response.json().runs as RunView[];
    const cancel = await call(user, "POST", `/api/aacos/runs/${skipped?.id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().run.status).toBe("stopped");
    expect((await settled(user, lead?.id ?? "")).status).toBe("complete");
    expect((await settled(user, tail?.id ?? "")).status).toBe("complete");
    // Its reason is stored as a code beside the English text, and the browser shows the code (decision 300).
    expect(await readRun(user, skipped?.id ?? "")).toMatchObject({
      status: "stopped",
      error: "Cancelled before it finished",
      errorCode: { code: "cancelled", params: {} },
    });
    expect(fake.requests).toHaveLength(2);
  });
});
