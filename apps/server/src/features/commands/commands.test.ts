// The command centre against a real loopback OpenAI-compatible server: three entities' answers streamed side by
// side over a real socket, three runs under one commandId, the grouped history, plan gates and others' ids.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runs } from "../../db/schema.js";
import { createEntity, readEvents, runsByEntity } from "../../test/ai.js";
import { expectFeatureLocked } from "../../test/expected.js";
import { createUser, type SignedInUser } from "../../test/factories.js";
import { DEFAULT_TOKENS, type FakeLlmServer, startFakeLlm } from "../../test/fake-llm-server.js";
import { buildTestApp, listenOnLoopback, request, type TestApp } from "../../test/helper.js";

const ANSWER = DEFAULT_TOKENS.join("");

let fake: FakeLlmServer;
let test: TestApp;
let base: string;
let owner: SignedInUser;
let entityIds: string[];

beforeAll(async () => {
  fake = await startFakeLlm();
  test = await buildTestApp(fake.env);
  base = await listenOnLoopback(test.app);
  owner = await createUser(test.app, { tier: "quantum", world: "quantum" });
  const first = await createEntity(test.app, owner.id, { name: "Alpha" });
  const others = await Promise.all(
    ["Beta", "Gamma"].map((name) =>
      createEntity(test.app, owner.id, { name, universeId: first.universeId }),
    ),
  );
  entityIds = [first.id, ...others.map((entity) => entity.id)];
});

afterAll(async () => {
  await test?.close();
  await fake?.close();
});

/** A command-centre route (below /api/commands) on the file's app, as `who`. */
const commands = (who: SignedInUser, method: "GET" | "POST", path: string, payload?: object) =>
  request(test.app, who, method, `/api/commands${path}`, payload);

beforeEach(() => fake.reset());

describe("command centre", () => {
  it("streams three entities' answers side by side and records three runs under one commandId", async () => {
    fake.behave({ tokenDelayMs: 20 });
    const response = await fetch(`${base}/api/commands`, {
      method: "POST",
      headers: { ...owner.auth, "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ entityIds, prompt: "Report your status" }),
    });
    expect(response.status).toBe(200);
    const { events } = await readEvents(response);

    const start = events[0];
    expect(start?.event).toBe("start");
    const commandId = ((start?.data ?? {}) as { commandId: string }).commandId;
    expect(start?.data).toEqual({ commandId, entityIds });

    const deltas = events
      .map((event, index) => ({ ...event, index }))
      .filter((event) => event.event === "message") as {
      data: { entityId: string; delta: string };
      index: number;
    }[];
    for (const id of entityIds) {
      expect(
        deltas
          .filter((event) => event.data.entityId === id)
          .map((event) => event.data.delta)
          .join(""),
      ).toBe(ANSWER);
    }
    // Side by side: every entity's first delta comes before any entity's last one.
    const firsts = entityIds.map(
      (id) => deltas.find((event) => event.data.entityId === id)?.index ?? -1,
    );
    const lasts = entityIds.map(
      (id) => deltas.findLast((event) => event.data.entityId === id)?.index ?? -1,
    );
    expect(Math.max(...firsts)).toBeLessThan(Math.min(...lasts));

    const finished = events.filter((event) => event.event === "entity-done");
    expect(finished).toHaveLength(3);
    expect(finished[0]?.data).toMatchObject({
      run: { status: "complete", output: ANSWER, promptTokens: 11, completionTokens: 6 },
      message: {
        role: "assistant",
        content: ANSWER,
        provider: "openai-compatible",
        status: "complete",
      },
      usage: { promptTokens: 11, completionTokens: 6 },
    });

    const done = events.at(-1);
    expect(done?.event).toBe("done");
    const body = done?.data as { commandId: string; runs: { id: string; entityId: string }[] };
    expect(body.commandId).toBe(commandId);
    expect(body.runs.map((run) => run.entityId)).toEqual(entityIds);

    const recorded = await test.app.database.db
      .select()
      .from(runs)
      .where(eq(runs.commandId, commandId));
    expect(recorded).toHaveLength(3);
    for (const run of recorded) {
      expect(run).toMatchObject({
        userId: owner.id,
        kind: "command",
        input: "Report your status",
        status: "complete",
        promptTokens: 11,
        completionTokens: 6,
      });
      expect(run.durationMs).toBeGreaterThan(0);
    }
    expect(fake.requests).toHaveLength(3);

    const history = await commands(owner, "GET", "");
    expect(history.statusCode).toBe(200);
    const item = history
      .json()
      .items.find((entry: { commandId: string }) => entry.commandId === commandId);
    expect(item).toMatchObject({
      prompt: "Report your status",
      status: "complete",
      promptTokens: 33,
      completionTokens: 18,
    });
    expect(item.runs).toHaveLength(3);
    expect(item.durationMs).toBe(Math.max(...recorded.map((run) => run.durationMs)));
  });

  it("answers once in JSON, with each entity's answer", async () => {
    const response = await commands(owner, "POST", "", {
      entityIds: entityIds.slice(0, 2),
      prompt: "Hello",
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.runs).toHaveLength(2);
    expect(
      body.answers.map((answer: { message: { content: string } }) => answer.message.content),
    ).toEqual([ANSWER, ANSWER]);
  });

  it("keeps each entity's outcome apart when the model dies for all of them", async () => {
    fake.behave({ dieAfterTokens: 1 });
    const response = await commands(owner, "POST", "", {
      entityIds,
      prompt: "Fail",
    });
    const body = response.json();
    expect(body.runs.map((run: { status: string }) => run.status)).toEqual([
      "failed",
      "failed",
      "failed",
    ]);
    expect(body.runs[0].output).toBe("The ");
    const history = await commands(owner, "GET", "?pageSize=1");
    expect(history.json().items[0]).toMatchObject({ commandId: body.commandId, status: "failed" });
    expect(history.json().total).toBeGreaterThanOrEqual(2);
  });

  it("lets a genesis user command one entity, and asks for the AI assistant for several", async () => {
    const genesis = await createUser(test.app, { tier: "genesis", world: "genesis" });
    const one = await createEntity(test.app, genesis.id);
    const two = await createEntity(test.app, genesis.id, { universeId: one.universeId });
    const single = await commands(genesis, "POST", "", {
      entityIds: [one.id],
      prompt: "Hi",
    });
    expect(single.statusCode).toBe(200);
    const several = await commands(genesis, "POST", "", {
      entityIds: [one.id, two.id],
      prompt: "Hi",
    });
    expectFeatureLocked(several, { suggestedTier: "quantum", reason: "aiAssistant" });
    expect(fake.requests).toHaveLength(1);
  });

  it("answers 404 when any entity or command is someone else's, before calling the provider", async () => {
    const stranger = await createUser(test.app, { tier: "quantum", world: "quantum" });
    const mine = await createEntity(test.app, stranger.id);
    const mixed = await commands(stranger, "POST", "", {
      entityIds: [mine.id, entityIds[0]],
      prompt: "Hi",
    });
    expect(mixed.statusCode).toBe(404);
    const [someRun] = await test.app.database.db
      .select()
      .from(runs)
      .where(eq(runs.userId, owner.id));
    const stop = await commands(stranger, "POST", `/${someRun?.commandId}/stop`);
    expect(stop.statusCode).toBe(404);
    const history = await commands(stranger, "GET", "");
    expect(history.json()).toEqual({ items: [], total: 0 });
    expect(fake.requests).toHaveLength(0);
  });

  it("validates the body", async () => {
    for (const payload of [
      { entityIds: [], prompt: "x" },
      { entityIds: [entityIds[0], entityIds[0]], prompt: "x" },
      { entityIds, prompt: " " },
      { entityIds: ["nope"], prompt: "x" },
    ]) {
      const response = await test.app.inject({
        method: "POST",
        url: "/api/commands",
        headers: owner.auth,
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it("stops a running command and keeps what each entity had said", async () => {
    fake.behave({ tokenDelayMs: 100 });
    const response = await fetch(`${base}/api/commands`, {
      method: "POST",
      headers: { ...owner.auth, "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ entityIds: entityIds.slice(0, 2), prompt: "Slow" }),
    });
    let commandId = "";
    let stopped = false;
    const { events } = await readEvents(response, {
      until: (event) => {
        if (event.event === "start") commandId = (event.data as { commandId: string }).commandId;
        if (event.event === "message" && !stopped) {
          stopped = true;
          void commands(owner, "POST", `/${commandId}/stop`);
        }
        return false;
      },
    });
    const done = events.at(-1)?.data as { runs: { status: string; output: string }[] };
    expect(done.runs.map((run) => run.status)).toEqual(["stopped", "stopped"]);
    expect(done.runs[0]?.output.length).toBeLessThan(ANSWER.length);
  });

  it("stops one entity's answer while the command's other entities go on and finish", async () => {
    fake.behave({ tokenDelayMs: 100 });
    const [alpha, beta, gamma] = entityIds as [string, string, string];
    const response = await fetch(`${base}/api/commands`, {
      method: "POST",
      headers: { ...owner.auth, "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ entityIds, prompt: "Slow" }),
    });
    let commandId = "";
    let stop: Promise<{ statusCode: number; body: string }> | null = null;
    const { events } = await readEvents(response, {
      until: (event) => {
        if (event.event === "start") commandId = (event.data as { commandId: string }).commandId;
        const data = event.data as { entityId?: string };
        if (event.event === "message" && data.entityId === beta && stop === null) {
          stop = commands(owner, "POST", `/${commandId}/entities/${beta}/stop`);
        }
        return false;
      },
    });
    const stopped = await (stop as Promise<{ statusCode: number; body: string }> | null);
    expect(stopped?.statusCode, stopped?.body).toBe(200);
    expect(JSON.parse(stopped?.body ?? "{}")).toEqual({ stopped: true });
    const byEntity = runsByEntity(events);
    expect(byEntity.get(alpha)).toMatchObject({ status: "complete", output: ANSWER });
    expect(byEntity.get(gamma)).toMatchObject({ status: "complete", output: ANSWER });
    expect(byEntity.get(beta)?.status).toBe("stopped");
    expect(byEntity.get(beta)?.output.length).toBeLessThan(ANSWER.length);
    const finished = events.filter((event) => event.event === "entity-done");
    expect(finished).toHaveLength(3);

    // Someone else's command, and an entity the command did not name: 404.
    const stranger = await createUser(test.app, { tier: "quantum", world: "quantum" });
    const theirs = await commands(stranger, "POST", `/${commandId}/entities/${alpha}/stop`);
    expect(theirs.statusCode).toBe(404);
    const other = await createEntity(test.app, owner.id, { name: "Delta" });
    const unnamed = await commands(owner, "POST", `/${commandId}/entities/${other.id}/stop`);
    expect(unnamed.statusCode).toBe(404);
    // After the command ended there is nothing left to stop.
    const late = await commands(owner, "POST", `/${commandId}/entities/${alpha}/stop`);
    expect(late.json()).toEqual({ stopped: false });
  });
});
