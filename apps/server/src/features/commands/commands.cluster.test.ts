// Stopping on two instances sharing PostgreSQL and Redis (docs/decisions/233-stops-across-instances.md): the stop
// of a whole command, of one entity's answer or of a chat answer may reach an instance that is not streaming it;
// the bus carries it to the one that is, which stops that answer alone and confirms.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEntity, readEvents, runsByEntity } from "../../test/ai.js";
import { buildCluster, type TestCluster } from "../../test/cluster.js";
import { createUser, type SignedInUser } from "../../test/factories.js";
import { DEFAULT_TOKENS, type FakeLlmServer, startFakeLlm } from "../../test/fake-llm-server.js";
import { listenOnLoopback, request } from "../../test/helper.js";

const ANSWER = DEFAULT_TOKENS.join("");

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)("stops on two instances", () => {
  let fake: FakeLlmServer;
  let cluster: TestCluster;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let base: string;
  let owner: SignedInUser;
  let entityIds: [string, string, string];

  beforeAll(async () => {
    fake = await startFakeLlm();
    cluster = await buildCluster({
      instances: 2,
      env: fake.env,
    });
    [first, second] = cluster.apps as [FastifyInstance, FastifyInstance];
    base = await listenOnLoopback(first);
    owner = await createUser(first, { tier: "quantum", world: "quantum" });
    const alpha = await createEntity(first, owner.id, { name: "Alpha" });
    const others = await Promise.all(
      ["Beta", "Gamma"].map((name) =>
        createEntity(first, owner.id, { name, universeId: alpha.universeId }),
      ),
    );
    entityIds = [alpha.id, others[0]?.id ?? "", others[1]?.id ?? ""];
  });
  afterAll(async () => {
    await cluster?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  it("stops one entity's answer streamed by the other instance; the rest finish", async () => {
    fake.behave({ tokenDelayMs: 100 });
    const [alpha, beta, gamma] = entityIds;
    const response = await fetch(`${base}/api/commands`, {
      method: "POST",
      headers: { ...owner.auth, "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ entityIds, prompt: "Slow" }),
    });
    let commandId = "";
    let stop: Promise<{ json(): unknown }> | null = null;
    const { events } = await readEvents(response, {
      until: (event) => {
        if (event.event === "start") commandId = (event.data as { commandId: string }).commandId;
        const data = event.data as { entityId?: string };
        if (event.event === "message" && data.entityId === beta && stop === null) {
          stop = request(second, owner, "POST", `/api/commands/${commandId}/entities/${beta}/stop`);
        }
        return false;
      },
    });
    const stopped = await (stop as Promise<{ json(): unknown }> | null);
    expect(stopped?.json()).toEqual({ stopped: true });
    const byEntity = runsByEntity(events);
    expect(byEntity.get(alpha)).toMatchObject({ status: "complete", output: ANSWER });
    expect(byEntity.get(gamma)).toMatchObject({ status: "complete", output: ANSWER });
    expect(byEntity.get(beta)?.status).toBe("stopped");

    // Nothing runs any more on either instance: the other one says so after its wait.
    const late = await request(second, owner, "POST", `/api/commands/${commandId}/stop`);
    expect(late.json()).toEqual({ stopped: false });
  });

  it("stops a chat answer streamed by the other instance", async () => {
    fake.behave({ tokenDelayMs: 100 });
    const created = await request(first, owner, "POST", "/api/chat/conversations", {
      entityId: entityIds[0],
    });
    expect(created.statusCode).toBe(201);
    const conversationId = (created.json() as { conversation: { id: string } }).conversation.id;
    const response = await fetch(`${base}/api/chat/conversations/${conversationId}/messages`, {
      method: "POST",
      headers: { ...owner.auth, "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ content: "Slow" }),
    });
    let stop: Promise<{ json(): unknown }> | null = null;
    const { events } = await readEvents(response, {
      until: (event) => {
        if (event.event === "message" && stop === null) {
          stop = request(second, owner, "POST", `/api/chat/conversations/${conversationId}/stop`);
        }
        return false;
      },
    });
    const stopped = await (stop as Promise<{ json(): unknown }> | null);
    expect(stopped?.json()).toEqual({ stopped: true });
    const done = events.at(-1)?.data as { message: { status: string; content: string } };
    expect(done.message.status).toBe("stopped");
    expect(done.message.content.length).toBeLessThan(ANSWER.length);
  });
});
