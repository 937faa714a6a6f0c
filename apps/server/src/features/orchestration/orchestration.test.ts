// Entity orchestration against the real app and a loopback model server: who sees which entities, run figures,
// pause/resume/stop/reassign with their effect on the chat and command centre, bulk results, audit and live updates.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { runs } from "../../db/schema.js";
import type { RealtimeEnvelope } from "../../platform/realtime-bus.js";
import { createEntity, readEvents } from "../../test/ai.js";
import { auditActionsOn } from "../../test/audit.js";
import { testClock } from "../../test/clock.js";
import { createUser, type SignedInUser } from "../../test/factories.js";
import { type FakeLlmServer, startFakeLlm } from "../../test/fake-llm-server.js";
import { buildTestApp, listenOnLoopback, type TestApp } from "../../test/helper.js";

let fake: FakeLlmServer;
let test: TestApp;
let base: string;
let admin: SignedInUser;
let operator: SignedInUser;
let owner: SignedInUser;
let other: SignedInUser;
// "Tokens today" counts from the UTC midnight of the clock's day: noon, so a run made now is always today's.
const clock = testClock();

beforeAll(async () => {
  fake = await startFakeLlm();
  test = await buildTestApp({ ...fake.env, AI_MODELS: "small:1,large:5" }, undefined, { clock });
  base = await listenOnLoopback(test.app);
  admin = await createUser(test.app, { roles: ["admin"], tier: "infinity" });
  operator = await createUser(test.app, { roles: ["operator"], tier: "infinity" });
  owner = await createUser(test.app, { tier: "infinity" });
  other = await createUser(test.app, { tier: "infinity" });
});

afterAll(async () => {
  await test?.close();
  await fake?.close();
});

beforeEach(() => fake.reset());

function call(who: SignedInUser, method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  return test.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
}

async function listIds(who: SignedInUser, query = "") {
  const response = await call(who, "GET", `/api/orchestration/entities?pageSize=100${query}`);
  expect(response.statusCode).toBe(200);
  return (response.json().items as { id: string }[]).map((item) => item.id);
}

async function ask(who: SignedInUser, entityId: string) {
  return call(who, "POST", "/api/commands", { entityIds: [entityId], prompt: "Status?" });
}

describe("entity orchestration", () => {
  it("shows admins and operators every user's entities with run figures, others only their own", async () => {
    const mine = await createEntity(test.app, owner.id, { name: "Ledger Keeper" });
    const theirs = await createEntity(test.app, other.id, { name: "Night Watch" });
    const now = clock();
    await test.app.database.db.insert(runs).values([
      {
        userId: owner.id,
        kind: "chat",
        entityId: mine.id,
        status: "complete",
        promptTokens: 10,
        completionTokens: 5,
        createdAt: new Date(now.getTime() - 3 * 86_400_000),
      },
      // 23:00 yesterday: within 24 hours, but not today.
      {
        userId: owner.id,
        kind: "chat",
        entityId: mine.id,
        status: "complete",
        promptTokens: 3,
        completionTokens: 1,
        createdAt: new Date(now.getTime() - 13 * 3_600_000),
      },
      {
        userId: owner.id,
        kind: "chat",
        entityId: mine.id,
        status: "failed",
        promptTokens: 7,
        completionTokens: 0,
        createdAt: now,
      },
    ]);

    for (const manager of [admin, operator]) {
      const ids = await listIds(manager);
      expect(ids).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    }
    expect(await listIds(owner)).toEqual([mine.id]);
    expect(await listIds(admin, "&scope=mine")).toEqual([]);

    const found = await call(admin, "GET", "/api/orchestration/entities?search=ledger");
    const [row] = found.json().items;
    expect(found.json()).toMatchObject({ total: 1, managesAll: true });
    expect(row).toMatchObject({
      id: mine.id,
      name: "Ledger Keeper",
      status: "idle",
      model: null,
      owner: { id: owner.id, username: owner.username },
      lastRunStatus: "failed",
      tokensToday: 7,
      tokensTotal: 26,
      errorCount: 1,
    });
    expect(await listIds(admin, `&ownerId=${other.id}`)).toEqual([theirs.id]);
    expect(await listIds(admin, `&search=${other.username}`)).toEqual([theirs.id]);

    const paged = await call(admin, "GET", "/api/orchestration/entities?pageSize=1&page=2");
    expect(paged.json().items).toHaveLength(1);
    expect(paged.json().total).toBeGreaterThanOrEqual(2);

    const bad = await call(admin, "GET", "/api/orchestration/entities?status=asleep");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.status).toBeDefined();
  });

  it("lets an admin pause a user's entity: it refuses runs with 409, the owner cannot resume it, the admin can", async () => {
    const entity = await createEntity(test.app, owner.id, { name: "Scout" });
    expect((await ask(owner, entity.id)).statusCode).toBe(200);

    const heard: RealtimeEnvelope[] = [];
    const unsubscribe = await test.app.realtimeBus.subscribe("runs", (envelope) =>
      heard.push(envelope),
    );
    const paused = await call(admin, "POST", `/api/orchestration/entities/${entity.id}/pause`);
    expect(paused.statusCode).toBe(200);
    expect(paused.json().entity).toMatchObject({ status: "paused", heldByManager: true });
    // The admins' sockets, the owner's and the operator's hear it (through Redis, a moment later).
    await vi.waitFor(() =>
      expect(heard.map((envelope) => envelope.userId)).toEqual(
        expect.arrayContaining([null, owner.id, operator.id]),
      ),
    );
    unsubscribe();
    expect(heard[0]?.message).toMatchObject({
      type: "run",
      run: { kind: "entityStatus", entityId: entity.id, status: "paused" },
    });

    const refused = await ask(owner, entity.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "Scout was paused by an operator; it cannot run until an operator resumes it",
    );
    const conversation = await call(owner, "POST", "/api/chat/conversations", {
      entityId: entity.id,
    });
    const chat = await call(
      owner,
      "POST",
      `/api/chat/conversations/${conversation.json().conversation.id}/messages`,
      { content: "Hello?" },
    );
    expect(chat.statusCode).toBe(409);
    // The workspace shows it paused too, and the end of no run lifts that.
    const workspaceView = await call(owner, "GET", `/api/aacos/entities/${entity.id}`);
    expect(JSON.stringify(workspaceView.json())).toContain('"paused"');

    const ownResume = await call(owner, "POST", `/api/orchestration/entities/${entity.id}/resume`);
    expect(ownResume.statusCode).toBe(403);
    expect(ownResume.json().error.message).toBe(
      "An operator paused this entity; only an admin or operator can resume it",
    );

    const resumed = await call(operator, "POST", `/api/orchestration/entities/${entity.id}/resume`);
    expect(resumed.json().entity).toMatchObject({ status: "idle", heldByManager: false });
    expect((await ask(owner, entity.id)).statusCode).toBe(200);

    const actions = await auditActionsOn(test.app, admin, entity.id);
    expect(actions).toEqual(expect.arrayContaining(["entity.paused", "entity.resumed"]));
  });

  it("lets a user pause and resume their own entity but not touch anyone else's", async () => {
    const entity = await createEntity(test.app, owner.id, { name: "Helper" });
    const foreign = await createEntity(test.app, other.id, { name: "Foreign" });
    const paused = await call(owner, "POST", `/api/orchestration/entities/${entity.id}/pause`);
    expect(paused.json().entity).toMatchObject({ status: "paused", heldByManager: false });
    expect((await ask(owner, entity.id)).json().error.message).toBe(
      "Helper is paused; resume it to ask it",
    );
    const resumed = await call(owner, "POST", `/api/orchestration/entities/${entity.id}/resume`);
    expect(resumed.json().entity.status).toBe("idle");
    const denied = await call(owner, "POST", `/api/orchestration/entities/${foreign.id}/pause`);
    expect(denied.statusCode).toBe(404);
  });

  it("stops an entity's running command and keeps it stopped until resumed", async () => {
    const entity = await createEntity(test.app, owner.id, { name: "Runner" });
    fake.behave({ tokenDelayMs: 100 });
    const response = await fetch(`${base}/api/commands`, {
      method: "POST",
      headers: { ...owner.auth, "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ entityIds: [entity.id], prompt: "Slow" }),
    });
    let stopRequest: Promise<{
      statusCode: number;
      json(): { entity: { status: string } };
    }> | null = null;
    const { events } = await readEvents(response, {
      until: (event) => {
        if (event.event === "message" && stopRequest === null) {
          stopRequest = call(admin, "POST", `/api/orchestration/entities/${entity.id}/stop`);
        }
        return false;
      },
    });
    const done = events.at(-1)?.data as { runs: { status: string }[] };
    expect(done.runs.map((run) => run.status)).toEqual(["stopped"]);
    const stopped = await (stopRequest as unknown as ReturnType<typeof call>);
    expect(stopped.json().entity.status).toBe("stopped");

    const listed = await call(admin, "GET", "/api/orchestration/entities?status=stopped");
    expect((listed.json().items as { id: string }[]).map((item) => item.id)).toContain(entity.id);
    const refused = await ask(owner, entity.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "Runner was stopped; resume it in entity orchestration to run it again",
    );
  });

  it("reassigns an entity to a configured model and refuses any other with a field message", async () => {
    const entity = await createEntity(test.app, owner.id, { name: "Switcher" });
    const models = await call(admin, "GET", "/api/orchestration/models");
    expect(models.json()).toEqual({
      defaultModel: "test-model",
      models: [
        { name: "test-model", complexity: null, isDefault: true },
        { name: "small", complexity: 1, isDefault: false },
        { name: "large", complexity: 5, isDefault: false },
      ],
    });
    const url = `/api/orchestration/entities/${entity.id}/model`;
    const moved = await call(admin, "PUT", url, { model: "large" });
    expect(moved.json().entity.model).toBe("large");
    expect(await listIds(admin, "&model=large")).toContain(entity.id);
    const unknown = await call(admin, "PUT", url, { model: "gpt-imaginary" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.model).toBe(
      "Unknown model; choose one of: test-model, small, large",
    );
    const back = await call(admin, "PUT", url, { model: "test-model" });
    expect(back.json().entity.model).toBeNull();
    expect(await listIds(admin, "&model=test-model")).toContain(entity.id);
  });

  it("runs a bulk action in one request with a result per entity", async () => {
    const first = await createEntity(test.app, owner.id, { name: "Bulk One" });
    const second = await createEntity(test.app, owner.id, { name: "Bulk Two" });
    const foreign = await createEntity(test.app, other.id, { name: "Bulk Foreign" });
    const ids = [first.id, second.id, foreign.id];
    const asOwner = await call(owner, "POST", "/api/orchestration/bulk", {
      action: "pause",
      entityIds: ids,
    });
    expect(asOwner.statusCode).toBe(200);
    expect(
      (asOwner.json().results as { entityId: string; ok: boolean }[]).map((r) => [
        r.entityId,
        r.ok,
      ]),
    ).toEqual([
      [first.id, true],
      [second.id, true],
      [foreign.id, false],
    ]);
    const asAdmin = await call(admin, "POST", "/api/orchestration/bulk", {
      action: "reassign",
      model: "small",
      entityIds: ids,
    });
    expect(
      (asAdmin.json().results as { ok: boolean; entity: { model: string } }[]).map(
        (r) => r.entity.model,
      ),
    ).toEqual(["small", "small", "small"]);
    const missingModel = await call(admin, "POST", "/api/orchestration/bulk", {
      action: "reassign",
      entityIds: ids,
    });
    expect(missingModel.statusCode).toBe(400);
    expect(missingModel.json().error.fields.model).toBe("Field is required");
  });
});
