// The event stream hands each event to the socket at once, not on the next tick: on PGlite the next tick waits for
// every queued query, so a delta held until then arrived tens of milliseconds late (docs/decisions/203-sse-flush.md).
import Fastify from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openEventStream } from "./sse.js";

const app = Fastify();
/** The socket's state right after each send, before anything else ran. */
const afterSend: { corked: number; pending: number }[] = [];

beforeAll(async () => {
  app.get("/stream", async (_request, reply) => {
    const events = openEventStream(reply);
    // Once Fastify has begun to stream (headers out), as when a provider's first words come in.
    setImmediate(() => {
      const socket = reply.raw.socket;
      for (const delta of ["The ", "answer"]) {
        events.send({ delta });
        afterSend.push({
          corked: socket?.writableCorked ?? -1,
          pending: socket?.writableLength ?? -1,
        });
      }
      events.send({ done: true }, "done");
      events.end();
    });
    return reply;
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
});

afterAll(() => app.close());

it("writes each event through to the socket as it is sent", async () => {
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  const response = await fetch(`http://127.0.0.1:${address.port}/stream`);
  const text = await response.text();
  expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  expect(text).toBe(
    'data: {"delta":"The "}\n\ndata: {"delta":"answer"}\n\nevent: done\ndata: {"done":true}\n\n',
  );
  // Not corked (which would hold the bytes until the next tick) and nothing left queued in Node.
  expect(afterSend).toEqual([
    { corked: 0, pending: 0 },
    { corked: 0, pending: 0 },
  ]);
});
