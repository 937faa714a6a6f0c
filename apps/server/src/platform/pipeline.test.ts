// The request pipeline (decision 394): a stage's steps run in the order they were added, a refusal (thrown or passed
// to `done`) ends the stage and is answered as a hook's would be, and the send steps pass the payload along.
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { requestPipelinePlugin } from "./pipeline.js";

let app: FastifyInstance;

async function pipelineApp(add: (app: FastifyInstance, seen: string[]) => void) {
  const seen: string[] = [];
  app = Fastify({ logger: false });
  await app.register(requestPipelinePlugin);
  add(app, seen);
  app.get("/thing", async () => {
    seen.push("handler");
    return { ok: true };
  });
  await app.ready();
  return seen;
}

function refusal(message: string) {
  return Object.assign(new Error(message), { statusCode: 403 });
}

afterEach(async () => {
  await app.close();
});

describe("request pipeline", () => {
  it("runs each stage's steps in the order they were added, then the handler and the reply's stages", async () => {
    const seen = await pipelineApp((instance, seen) => {
      const step = (name: string) => (_request: unknown, _reply: unknown, done: () => void) => {
        seen.push(name);
        done();
      };
      instance.pipeline.onResponse(step("response 1"));
      instance.pipeline.onRequest(step("request 1"));
      instance.pipeline.preHandler(step("pre-handler"));
      instance.pipeline.onRequest(step("request 2"));
      instance.pipeline.preValidation(step("validation"));
    });
    const response = await app.inject({ url: "/thing" });
    expect(response.json()).toEqual({ ok: true });
    expect(seen).toEqual([
      "request 1",
      "request 2",
      "validation",
      "pre-handler",
      "handler",
      "response 1",
    ]);
  });

  it.each(["thrown", "passed to done"])(
    "answers a refusal %s, and runs no later step or the handler",
    async (how) => {
      const seen = await pipelineApp((instance, seen) => {
        instance.pipeline.onRequest((_request, _reply, done) => {
          seen.push("first");
          if (how === "thrown") throw refusal("Not yours");
          done(refusal("Not yours"));
        });
        instance.pipeline.onRequest((_request, _reply, done) => {
          seen.push("second");
          done();
        });
      });
      const response = await app.inject({ url: "/thing" });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: "Not yours" });
      expect(seen).toEqual(["first"]);
    },
  );

  it("passes each send step the payload the one before it passed on", async () => {
    await pipelineApp((instance) => {
      instance.pipeline.onSend((_request, _reply, payload, done) =>
        done(null, `${String(payload)}|a`),
      );
      instance.pipeline.onSend((_request, _reply, payload, done) =>
        done(null, `${String(payload)}|b`),
      );
    });
    const response = await app.inject({ url: "/thing" });
    expect(response.body).toBe('{"ok":true}|a|b');
  });

  it("answers a send step's error instead of the reply", async () => {
    await pipelineApp((instance) => {
      instance.pipeline.onSend((_request, _reply, _payload, done) => done(refusal("Held back")));
    });
    const response = await app.inject({ url: "/thing" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: "Held back" });
  });
});
