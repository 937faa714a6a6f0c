// Chat against a real loopback OpenAI-compatible server: streamed answers over a real socket, JSON mode, a model that
// dies mid-stream, stop and disconnect keeping what arrived, the daily AI-token allowance, and the conversation API.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { conversations, entities, messages, runs } from "../../db/schema.js";
import { createEntity, readEvents } from "../../test/ai.js";
import { testClock } from "../../test/clock.js";
import { expectFeatureLocked } from "../../test/expected.js";
import { createUser, type SignedInUser } from "../../test/factories.js";
import { DEFAULT_TOKENS, type FakeLlmServer, startFakeLlm } from "../../test/fake-llm-server.js";
import { buildTestApp, listenOnLoopback, request, type TestApp } from "../../test/helper.js";

const ANSWER = DEFAULT_TOKENS.join("");

let fake: FakeLlmServer;
let test: TestApp;
let base: string;
let owner: SignedInUser;
let entityId: string;

async function newConversation(user: SignedInUser, entity = entityId): Promise<string> {
  const response = await chat(user, "POST", "", {
    entityId: entity,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ conversation: { id: string } }>().conversation.id;
}

function ask(user: SignedInUser, conversationId: string, content: string, signal?: AbortSignal) {
  return fetch(`${base}/api/chat/conversations/${conversationId}/messages`, {
    method: "POST",
    headers: { ...user.auth, "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ content }),
    signal,
  });
}

async function savedAnswer(conversationId: string) {
  const [row] = await test.app.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, "assistant")));
  return row;
}

// The daily AI-token allowance counts from the clock's UTC midnight: noon, so a run made now is always today's.
const clock = testClock();

beforeAll(async () => {
  fake = await startFakeLlm();
  test = await buildTestApp({ ...fake.env, AI_API_KEY: "sk-test" }, undefined, { clock });
  base = await listenOnLoopback(test.app);
  owner = await createUser(test.app, { tier: "cosmic", world: "cosmic" });
  entityId = (await createEntity(test.app, owner.id, { systemPrompt: "You are terse." })).id;
});

afterAll(async () => {
  await test?.close();
  await fake?.close();
});

/** A chat route (below /api/chat/conversations) on the file's app, as `who`. */
const chat = (
  who: SignedInUser,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  payload?: object,
) => request(test.app, who, method, `/api/chat/conversations${path}`, payload);

beforeEach(() => fake.reset());

describe("streamed answers", () => {
  it("streams the model's answer token by token and records the run with the reported usage", async () => {
    // Far enough apart that a busy machine does not merge the deltas into one network read.
    fake.behave({ tokenDelayMs: 60 });
    const conversationId = await newConversation(owner);
    const response = await ask(owner, conversationId, "What is the answer?");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const { events, chunks } = await readEvents(response);

    const deltas = events.filter((event) => event.event === "message");
    expect(deltas.map((event) => (event.data as { delta: string }).delta)).toEqual(DEFAULT_TOKENS);
    // Real streaming: the deltas came in separate network chunks, spread over time.
    expect(chunks).toBeGreaterThan(3);
    const done = events.at(-1);
    expect(done?.event).toBe("done");
    const body = done?.data as {
      message: { id: string; role: string; content: string; provider: string; status: string };
      usage: { promptTokens: number; completionTokens: number };
    };
    expect(body.message).toMatchObject({
      role: "assistant",
      content: ANSWER,
      provider: "openai-compatible",
      status: "complete",
    });
    expect(body.usage).toEqual({ promptTokens: 11, completionTokens: 6 });

    // The provider got the system prompt, the question, the model, and the streaming options.
    const sent = fake.requests[0]?.body;
    expect(sent?.model).toBe("test-model");
    expect(sent?.stream).toBe(true);
    expect(sent?.stream_options).toEqual({ include_usage: true });
    expect(sent?.messages).toEqual([
      { role: "system", content: "You are terse." },
      { role: "user", content: "What is the answer?" },
    ]);
    expect(fake.requests[0]?.authorization).toBe("Bearer sk-test");

    const [run] = await test.app.database.db
      .select()
      .from(runs)
      .where(
        and(
          eq(runs.userId, owner.id),
          eq(runs.entityId, entityId),
          eq(runs.input, "What is the answer?"),
        ),
      );
    expect(run).toMatchObject({
      kind: "chat",
      status: "complete",
      output: ANSWER,
      promptTokens: 11,
      completionTokens: 6,
    });
    expect(run?.finishedAt).not.toBeNull();

    const allowance = await request(test.app, owner, "GET", "/api/ai/allowance");
    expect(allowance.json()).toMatchObject({ used: 17, limit: 500000 });

    // The title defaults from the first message; the history holds both sides.
    const history = await chat(owner, "GET", `/${conversationId}/messages`);
    expect(history.json<{ items: { role: string; content: string }[] }>().items).toMatchObject([
      { role: "user", content: "What is the answer?" },
      { role: "assistant", content: ANSWER },
    ]);
    const list = await chat(owner, "GET", "");
    expect(list.json<{ items: { id: string; title: string }[] }>().items).toContainEqual(
      expect.objectContaining({ id: conversationId, title: "What is the answer?" }),
    );
  });

  it("answers once in JSON with Accept: application/json, sending the history along", async () => {
    const conversationId = await newConversation(owner);
    for (const content of ["First question", "Second question"]) {
      const response = await test.app.inject({
        method: "POST",
        url: `/api/chat/conversations/${conversationId}/messages`,
        headers: { ...owner.auth, accept: "application/json" },
        payload: { content },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{
        message: Record<string, unknown>;
        usage: Record<string, number>;
      }>();
      expect(body.message).toMatchObject({
        role: "assistant",
        content: ANSWER,
        status: "complete",
      });
      expect(typeof body.message.id).toBe("string");
      expect(body.usage).toEqual({ promptTokens: 11, completionTokens: 6 });
    }
    expect(fake.requests[1]?.body.messages?.map((turn) => turn.role)).toEqual([
      "system",
      "user",
      "assistant",
      "user",
    ]);
  });

  it("ends with a clear message and keeps what arrived when the model dies mid-stream", async () => {
    fake.behave({ dieAfterTokens: 3 });
    const conversationId = await newConversation(owner);
    const { events } = await readEvents(await ask(owner, conversationId, "Tell me"));
    const done = events.at(-1);
    expect(done?.event).toBe("done");
    const message = (
      (done?.data ?? {}) as { message: { content: string; status: string; error: string } }
    ).message;
    expect(message.status).toBe("failed");
    expect(message.content).toBe("The answer is ");
    expect(message.error).toMatch(/connection to the language model was lost/);

    const saved = await savedAnswer(conversationId);
    expect(saved).toMatchObject({ status: "failed", content: "The answer is " });
    // No usage chunk arrived: the tokens are estimated (about 4 characters a token), never zero.
    expect(saved?.completionTokens).toBe(Math.ceil("The answer is ".length / 4));
  });

  it("reports a provider's HTTP error as a failed answer", async () => {
    fake.behave({ failWithStatus: 500 });
    const conversationId = await newConversation(owner);
    const response = await chat(owner, "POST", `/${conversationId}/messages`, { content: "Hello" });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatchObject({
      status: "failed",
      content: "",
      error: "The language model answered HTTP 500",
    });
  });

  it("stops a running answer on request and saves the part that arrived", async () => {
    fake.behave({ tokenDelayMs: 100 });
    const conversationId = await newConversation(owner);
    const response = await ask(owner, conversationId, "Go slowly");
    let stopped = false;
    const { events } = await readEvents(response, {
      until: (event) => {
        if (event.event === "message" && !stopped) {
          stopped = true;
          void chat(owner, "POST", `/${conversationId}/stop`);
        }
        return false;
      },
    });
    const done = events.at(-1);
    expect(done?.event).toBe("done");
    const message = ((done?.data ?? {}) as { message: { content: string; status: string } })
      .message;
    expect(message.status).toBe("stopped");
    expect(message.content.length).toBeGreaterThan(0);
    expect(message.content.length).toBeLessThan(ANSWER.length);
    expect(await savedAnswer(conversationId)).toMatchObject({
      status: "stopped",
      content: message.content,
    });
    // The provider's stream was abandoned rather than read to the end.
    await expect.poll(() => fake.abandoned).toBe(1);
  });

  it("stops and saves what arrived when the client disconnects", async () => {
    fake.behave({ tokenDelayMs: 100 });
    const conversationId = await newConversation(owner);
    const controller = new AbortController();
    const response = await ask(owner, conversationId, "Then hang up", controller.signal);
    await readEvents(response, { until: (event) => event.event === "message" }).catch(() => {});
    controller.abort();
    await expect.poll(async () => (await savedAnswer(conversationId))?.status).toBe("stopped");
    const saved = await savedAnswer(conversationId);
    expect(saved?.content.length).toBeLessThan(ANSWER.length);
  });

  it("refuses a second message while an answer is still running", async () => {
    fake.behave({ tokenDelayMs: 60 });
    const conversationId = await newConversation(owner);
    const first = ask(owner, conversationId, "One");
    await expect.poll(() => fake.requests.length).toBe(1);
    const second = await chat(owner, "POST", `/${conversationId}/messages`, { content: "Two" });
    expect(second.statusCode).toBe(409);
    await readEvents(await first);
  });
});

describe("an answer whose server died mid-stream", () => {
  it("is closed once its lease runs out and its entity is idle again, while an answer streaming here is kept", async () => {
    const db = test.app.database.db;
    const { ai } = test.app.services;
    // What a killed process leaves: its run running, leased for half a minute more, and its entity running.
    const lost = await createEntity(test.app, owner.id);
    const [orphan] = await db
      .insert(runs)
      .values({
        userId: owner.id,
        kind: "chat",
        universeId: lost.universeId,
        entityId: lost.id,
        input: "Lost with its server",
        status: "running",
        leaseUntil: new Date(clock().getTime() + 30_000),
      })
      .returning({ id: runs.id });
    await db.update(entities).set({ status: "running" }).where(eq(entities.id, lost.id));
    const runOf = async (id: string) => (await db.select().from(runs).where(eq(runs.id, id)))[0];
    const ownRun = async () =>
      (
        await db
          .select()
          .from(runs)
          .where(and(eq(runs.entityId, entityId), eq(runs.input, "Take your time")))
      )[0];

    // An answer this process streams meanwhile, slowly enough to be running while the leases are kept.
    fake.behave({ tokenDelayMs: 400 });
    const conversationId = await newConversation(owner);
    const response = await ask(owner, conversationId, "Take your time");
    let kept: Promise<[number, number, boolean]> | undefined;
    const { events } = await readEvents(response, {
      until: (event) => {
        if (event.event === "message" && kept === undefined) {
          kept = (async () => {
            // Its run is recorded as its first words stream; the rounds start once it is.
            await expect.poll(async () => (await ownRun()) !== undefined).toBe(true);
            const withinLease = await ai.keepLeases();
            clock.advance(31_000);
            const orphanExpired = await ai.keepLeases();
            // Past the lease this answer was first given, the renewal is what tells other instances it lives.
            clock.advance(40_000);
            const lease = (await ownRun())?.leaseUntil?.getTime() ?? 0;
            return [withinLease, orphanExpired, lease > clock().getTime()];
          })();
        }
        return false;
      },
    });
    // Within its lease the orphan is left alone; past it, it is closed, and only it: the live answer's lease is renewed.
    expect(await kept).toEqual([0, 1, true]);
    expect(events.at(-1)?.event).toBe("done");
    expect(await runOf(orphan?.id ?? "")).toMatchObject({
      status: "failed",
      error: "The server running it stopped before it finished",
      errorCode: "owner_lost",
    });
    const [entity] = await db.select().from(entities).where(eq(entities.id, lost.id));
    expect(entity?.status).toBe("idle");
    expect(await ownRun()).toMatchObject({ status: "complete", output: ANSWER, errorCode: null });
  });
});

describe("a question that cannot be saved", () => {
  it("stops the provider's answer it was asked alongside, and the call fails", async () => {
    // The question is saved while the provider is asked; a conversation deleted in between makes the save fail.
    fake.behave({ tokenDelayMs: 60 });
    const conversationId = await newConversation(owner);
    const pending = await test.app.services.chat.prepareMessage(
      { userId: owner.id, tier: "cosmic", world: "cosmic" },
      conversationId,
      "Will this be kept?",
    );
    await test.app.database.db.delete(conversations).where(eq(conversations.id, conversationId));
    await expect(
      pending.run({ onDelta: () => {}, signal: new AbortController().signal }),
    ).rejects.toThrow();
    const run = () =>
      test.app.database.db
        .select({ status: runs.status, output: runs.output })
        .from(runs)
        .where(and(eq(runs.userId, owner.id), eq(runs.input, "Will this be kept?")))
        .then(([row]) => row);
    await expect.poll(async () => (await run())?.status).toBe("stopped");
    expect((await run())?.output).not.toBe(ANSWER);
  });
});

describe("plan limits", () => {
  it("refuses a genesis user past the daily AI-token allowance with 429 before calling the provider", async () => {
    const genesis = await createUser(test.app, { tier: "genesis", world: "genesis" });
    const entity = await createEntity(test.app, genesis.id);
    const conversationId = await newConversation(genesis, entity.id);
    await test.app.database.db.insert(runs).values({
      userId: genesis.id,
      kind: "chat",
      entityId: entity.id,
      status: "complete",
      promptTokens: 600,
      completionTokens: 398,
      createdAt: clock(),
    });
    const response = await test.app.inject({
      method: "POST",
      url: `/api/chat/conversations/${conversationId}/messages`,
      headers: { ...genesis.auth, accept: "text/event-stream" },
      payload: { content: "One more question, please" },
    });
    expect(response.statusCode).toBe(429);
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    const body = response.json();
    expect(body).toMatchObject({
      error: { code: "limit_reached", message: "AI token limit reached: 1000 tokens per day" },
      suggestedTier: "quantum",
      upgradeUrl: "/tiers?upgrade=quantum",
      reason: "maxAITokensPerDay",
    });
    // Noon: the allowance comes back at the next UTC midnight, twelve hours on.
    expect(body.retryAfter).toBeGreaterThan(11 * 3600);
    expect(body.retryAfter).toBeLessThanOrEqual(12 * 3600);
    expect(Number(response.headers["retry-after"])).toBe(body.retryAfter);
    expect(fake.requests).toHaveLength(0);
    const allowance = await request(test.app, genesis, "GET", "/api/ai/allowance");
    expect(allowance.json()).toMatchObject({ used: 998, limit: 1000 });
    expect(allowance.json().resetsAt).toBe("2026-11-25T00:00:00.000Z");
  });

  it("cuts an answer off at the plan's processing time and keeps the part that arrived", async () => {
    // genesis: maxProcessingTimeMs 5000.
    fake.behave({ tokens: Array.from({ length: 40 }, (_, i) => `t${i} `), tokenDelayMs: 250 });
    const genesis = await createUser(test.app, { tier: "genesis", world: "genesis" });
    const entity = await createEntity(test.app, genesis.id);
    const conversationId = await newConversation(genesis, entity.id);
    const response = await chat(genesis, "POST", `/${conversationId}/messages`, {
      content: "Long one",
    });
    const message = response.json().message;
    expect(message.status).toBe("failed");
    expect(message.error).toBe(
      "The answer took longer than the 5000 ms your plan allows and was cut off",
    );
    expect(message.content).toMatch(/^t0 t1 /);
  }, 15_000);
});

describe("models and plans", () => {
  let modelled: TestApp;
  beforeAll(async () => {
    modelled = await buildTestApp({ ...fake.env, AI_MODELS: "small:1,large:5" });
  });
  afterAll(async () => modelled?.close());

  async function answerWith(tier: "genesis" | "quantum" | "cosmic", model: string | null) {
    const user = await createUser(modelled.app, { tier, world: "genesis" });
    const entity = await createEntity(modelled.app, user.id, { model });
    const created = await request(modelled.app, user, "POST", "/api/chat/conversations", {
      entityId: entity.id,
    });
    return request(
      modelled.app,
      user,
      "POST",
      `/api/chat/conversations/${created.json().conversation.id}/messages`,
      { content: "Hi" },
    );
  }

  it("lets every plan use the default model and listed models up to its complexity", async () => {
    expect((await answerWith("genesis", null)).statusCode).toBe(200);
    expect((await answerWith("genesis", "small")).statusCode).toBe(200);
    const refused = await answerWith("quantum", "large");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: {
        code: "limit_reached",
        message: "Model large has complexity 5; your plan allows up to 3",
      },
      suggestedTier: "cosmic",
      reason: "maxModelComplexity",
    });
    expect((await answerWith("cosmic", "large")).statusCode).toBe(200);
    expect(fake.requests.map((request) => request.body.model)).toEqual([
      "test-model",
      "small",
      "large",
    ]);
  });

  it("lets only plans with customModels use a model the server does not list", async () => {
    const refused = await answerWith("quantum", "my-finetune");
    expectFeatureLocked(refused, { suggestedTier: "cosmic", reason: "customModels" });
    expect((await answerWith("cosmic", "my-finetune")).statusCode).toBe(200);
  });
});

describe("conversations", () => {
  it("pages the history backwards, searches titles and messages, renames, exports and deletes", async () => {
    const conversationId = await newConversation(owner);
    for (const content of ["alpha question", "beta question", "gamma zebra question"]) {
      await chat(owner, "POST", `/${conversationId}/messages`, {
        content,
      });
    }
    const page = (before?: string) =>
      test.app
        .inject({
          method: "GET",
          url: `/api/chat/conversations/${conversationId}/messages?limit=4${before ? `&before=${before}` : ""}`,
          headers: owner.auth,
        })
        .then((response) =>
          response.json<{ items: { id: string; content: string }[]; nextBefore: string | null }>(),
        );
    const newest = await page();
    expect(newest.items.map((item) => item.content)).toEqual([
      "beta question",
      ANSWER,
      "gamma zebra question",
      ANSWER,
    ]);
    expect(newest.nextBefore).toBe(newest.items[0]?.id);
    const older = await page(newest.nextBefore ?? undefined);
    expect(older.items.map((item) => item.content)).toEqual(["alpha question", ANSWER]);
    expect(older.nextBefore).toBeNull();

    const search = async (text: string) =>
      (await chat(owner, "GET", `?search=${encodeURIComponent(text)}`)).json<{
        items: { id: string }[];
        total: number;
      }>();
    // The title is "alpha question"; "zebra" only appears in a later message.
    expect((await search("ZEBRA")).items.map((item) => item.id)).toEqual([conversationId]);
    expect((await search("alpha")).items.map((item) => item.id)).toEqual([conversationId]);
    expect((await search("100%_")).total).toBe(0);
    const byEntity = await chat(owner, "GET", `?entityId=${entityId}&pageSize=100`);
    expect(byEntity.json().items.length).toBeGreaterThan(1);

    const renamed = await chat(owner, "PATCH", `/${conversationId}`, { title: "Greek letters" });
    expect(renamed.json().conversation.title).toBe("Greek letters");
    // A reloaded chat address opens the conversation by its id alone.
    const opened = await chat(owner, "GET", `/${conversationId}`);
    expect(opened.json().conversation).toEqual(renamed.json().conversation);

    const exported = await chat(owner, "GET", `/${conversationId}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toMatch(/^text\/markdown/);
    expect(exported.headers["content-disposition"]).toMatch(
      /^attachment; filename="conversation-.*\.md"$/,
    );
    expect(exported.body).toMatch(/^# Greek letters\n/);
    expect(exported.body).toContain("## You — ");
    expect(exported.body).toContain("gamma zebra question");
    expect(exported.body).toContain("## Oracle — ");

    const removed = await chat(owner, "DELETE", `/${conversationId}`);
    expect(removed.statusCode).toBe(204);
    expect((await search("zebra")).total).toBe(0);
    expect((await chat(owner, "GET", `/${conversationId}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's conversation and entity on every route", async () => {
    const conversationId = await newConversation(owner);
    const stranger = await createUser(test.app, { tier: "cosmic", world: "cosmic" });
    const calls = [
      { method: "POST", url: "/api/chat/conversations", payload: { entityId } },
      { method: "GET", url: `/api/chat/conversations/${conversationId}/messages` },
      {
        method: "POST",
        url: `/api/chat/conversations/${conversationId}/messages`,
        payload: { content: "hi" },
      },
      { method: "POST", url: `/api/chat/conversations/${conversationId}/stop` },
      { method: "GET", url: `/api/chat/conversations/${conversationId}` },
      {
        method: "PATCH",
        url: `/api/chat/conversations/${conversationId}`,
        payload: { title: "mine" },
      },
      { method: "GET", url: `/api/chat/conversations/${conversationId}/export` },
      { method: "DELETE", url: `/api/chat/conversations/${conversationId}` },
    ] as const;
    for (const call of calls) {
      const response = await test.app.inject({ ...call, headers: stranger.auth });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const list = await chat(stranger, "GET", `?entityId=${entityId}`);
    expect(list.json()).toEqual({ items: [], total: 0 });
    expect(fake.requests).toHaveLength(0);
  });

  it("validates every call", async () => {
    const conversationId = await newConversation(owner);
    const cases = [
      { method: "POST", url: "/api/chat/conversations", payload: { entityId: "nope" } },
      {
        method: "POST",
        url: `/api/chat/conversations/${conversationId}/messages`,
        payload: { content: "  " },
      },
      {
        method: "POST",
        url: `/api/chat/conversations/${conversationId}/messages`,
        payload: { content: "x".repeat(10001) },
      },
      { method: "GET", url: `/api/chat/conversations/${conversationId}/messages?limit=0` },
      { method: "GET", url: "/api/chat/conversations/not-a-uuid/messages" },
      { method: "PATCH", url: `/api/chat/conversations/${conversationId}`, payload: { title: "" } },
    ] as const;
    for (const call of cases) {
      const response = await test.app.inject({ ...call, headers: owner.auth });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(400);
      expect(response.json().error.code).toBe("validation_failed");
    }
    const signedOut = await test.app.inject({ method: "GET", url: "/api/chat/conversations" });
    expect(signedOut.statusCode).toBe(401);
  });
});
