// The AI provider layer: the OpenAI-compatible client against a real loopback server, the offline retrieval provider
// through the chat API, token estimates, model rules, AI_MODELS parsing and the allowance endpoint.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config.js";
import { addKnowledge, createEntity } from "../../test/ai.js";
import { createUser } from "../../test/factories.js";
import { DEFAULT_TOKENS, type FakeLlmServer, startFakeLlm } from "../../test/fake-llm-server.js";
import { buildTestApp, request, type TestApp } from "../../test/helper.js";
import { chooseModel } from "./models.js";
import { createOpenAiCompatibleProvider } from "./openai-compatible.js";
import { type AiChunk, ProviderError } from "./provider.js";
import { languageOf, retrievalAnswer } from "./retrieval.js";
import { estimatePromptTokens, estimateTokens } from "./tokens.js";

async function collect(stream: AsyncIterable<AiChunk>): Promise<AiChunk[]> {
  const chunks: AiChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe("OpenAI-compatible client", () => {
  let fake: FakeLlmServer;
  beforeAll(async () => {
    fake = await startFakeLlm();
  });
  afterAll(async () => fake?.close());

  const request = () => ({
    model: "m",
    turns: [{ role: "user" as const, content: "hi" }],
    temperature: 0.2,
    entityId: "e",
    signal: new AbortController().signal,
  });

  it("streams deltas and the usage chunk", async () => {
    fake.reset();
    const provider = createOpenAiCompatibleProvider({ baseUrl: `${fake.url}/`, apiKey: undefined });
    const chunks = await collect(provider.stream(request()));
    expect(
      chunks
        .filter((chunk) => chunk.type === "delta")
        .map((chunk) => chunk.type === "delta" && chunk.text),
    ).toEqual(DEFAULT_TOKENS);
    expect(chunks.at(-1)).toEqual({ type: "usage", promptTokens: 11, completionTokens: 6 });
    expect(fake.requests[0]?.body.temperature).toBe(0.2);
    expect(fake.requests[0]?.authorization).toBeUndefined();
  });

  it("throws a dropped-stream error when the connection dies, after yielding what arrived", async () => {
    fake.reset();
    fake.behave({ dieAfterTokens: 2 });
    const provider = createOpenAiCompatibleProvider({ baseUrl: fake.url, apiKey: "k" });
    const seen: string[] = [];
    const failure = await (async () => {
      for await (const chunk of provider.stream(request()))
        if (chunk.type === "delta") seen.push(chunk.text);
    })().catch((error: unknown) => error);
    expect(seen).toEqual(["The ", "answer "]);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).failure).toBe("dropped");
  });

  it("throws on an HTTP error and on an unreachable server", async () => {
    fake.reset();
    fake.behave({ failWithStatus: 503 });
    const provider = createOpenAiCompatibleProvider({ baseUrl: fake.url, apiKey: "k" });
    await expect(collect(provider.stream(request()))).rejects.toMatchObject({ failure: "http" });
    const nowhere = createOpenAiCompatibleProvider({
      baseUrl: "http://127.0.0.1:9/v1",
      apiKey: "k",
    });
    await expect(collect(nowhere.stream(request()))).rejects.toMatchObject({ failure: "network" });
  });
});

describe("offline retrieval provider", () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp();
  });
  afterAll(async () => test?.close());

  async function ask(content: string, knowledge: boolean) {
    const user = await createUser(test.app, { tier: "cosmic", world: "cosmic" });
    const entity = await createEntity(test.app, user.id, { name: "Librarian" });
    if (knowledge) {
      await addKnowledge(test.app, user.id, entity.id, "returns.txt", [
        "Returns are accepted within 30 days with a receipt.",
        "Shipping is free above 50 dollars.",
      ]);
      await addKnowledge(test.app, user.id, entity.id, "מדריך.txt", [
        "החזרות מתקבלות תוך 30 יום עם קבלה.",
      ]);
    }
    const created = await request(test.app, user, "POST", "/api/chat/conversations", {
      entityId: entity.id,
    });
    return test.app.inject({
      method: "POST",
      url: `/api/chat/conversations/${created.json().conversation.id}/messages`,
      headers: { ...user.auth, accept: "application/json" },
      payload: { content },
    });
  }

  it("answers with the best passages, their file names, and says no language model is configured", async () => {
    const response = await ask("How many days do I have for returns?", true);
    expect(response.statusCode).toBe(200);
    const { message, usage } = response.json();
    expect(message.provider).toBe("retrieval");
    expect(message.status).toBe("complete");
    expect(message.content).toMatch(/^No language model is configured on this server/);
    expect(message.content).toContain(
      "> Returns are accepted within 30 days with a receipt.\n— from returns.txt",
    );
    expect(usage.promptTokens).toBeGreaterThan(0);
    expect(usage.completionTokens).toBe(Math.ceil(message.content.length / 4));
  });

  it("answers in Hebrew when the question is in Hebrew", async () => {
    const { message } = (await ask("תוך כמה יום אפשר החזרות?", true)).json();
    expect(message.content).toMatch(/^לא הוגדר מודל שפה/);
    expect(message.content).toContain("— מתוך מדריך.txt");
  });

  it("says so when nothing in the knowledge matches", async () => {
    const { message } = (await ask("Quantum chromodynamics?", false)).json();
    expect(message.provider).toBe("retrieval");
    expect(message.content).toMatch(/nothing in this entity's knowledge matched your question/);
  });

  it("reports today's allowance", async () => {
    const user = await createUser(test.app, { tier: "genesis", world: "awakening" });
    const response = await request(test.app, user, "GET", "/api/ai/allowance");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ used: 0, limit: 5000 });
    expect(body.resetsAt).toMatch(/T00:00:00\.000Z$/);
    expect((await test.app.inject({ method: "GET", url: "/api/ai/allowance" })).statusCode).toBe(
      401,
    );
  });
});

describe("rules", () => {
  it("estimates about four characters a token plus framing per message", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abcde")).toBe(2);
    expect(estimatePromptTokens([{ role: "user", content: "abcd" }])).toBe(5);
  });

  it("detects Hebrew questions and writes the no-match notice", () => {
    expect(languageOf("שלום world")).toBe("he");
    expect(languageOf("hello")).toBe("en");
    expect(retrievalAnswer("hello", [])).toHaveLength(1);
  });

  it("chooses models by plan", () => {
    const catalog = { defaultModel: "base", offered: [{ name: "big", complexity: 5 }] };
    expect(chooseModel(catalog, null, { tier: "genesis", world: "genesis" })).toBe("base");
    expect(chooseModel(catalog, "base", { tier: "genesis", world: "genesis" })).toBe("base");
    expect(() => chooseModel(catalog, "big", { tier: "quantum", world: "infinity" })).toThrow(
      /complexity 5/,
    );
    expect(chooseModel(catalog, "big", { tier: "infinity", world: "genesis" })).toBe("big");
  });

  it("parses AI_* settings and refuses bad ones at start-up", () => {
    expect(loadConfig({}).ai).toBeNull();
    expect(
      loadConfig({
        AI_BASE_URL: "http://127.0.0.1:11434/v1/",
        AI_MODEL: "llama3.1:8b",
        AI_MODELS: "llama3.1:70b:5, small:1",
      }).ai,
    ).toEqual({
      baseUrl: "http://127.0.0.1:11434/v1",
      apiKey: undefined,
      model: "llama3.1:8b",
      models: [
        { name: "llama3.1:70b", complexity: 5 },
        { name: "small", complexity: 1 },
      ],
    });
    expect(() => loadConfig({ AI_BASE_URL: "http://x/v1" })).toThrow(ConfigError);
    expect(() => loadConfig({ AI_MODEL: "m" })).toThrow(/AI_BASE_URL/);
    expect(() =>
      loadConfig({ AI_BASE_URL: "http://x/v1", AI_MODEL: "m", AI_MODELS: "big:9" }),
    ).toThrow(/AI_MODELS/);
    expect(() => loadConfig({ AI_BASE_URL: "ftp://x", AI_MODEL: "m" })).toThrow(/AI_BASE_URL/);
  });
});
