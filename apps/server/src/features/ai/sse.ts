// Server-sent events over a Fastify reply (docs/decisions/061-streaming.md): one JSON `data:` line per event, an optional
// `event:` name, and a callback when the client goes away before the stream is finished.
import { PassThrough } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";

export interface EventStream {
  /** `data: {json}` — or `event: name` + `data: {json}` — then a blank line. */
  send(data: unknown, event?: string): void;
  end(): void;
  /** Aborted when the client disconnects before end(). */
  readonly disconnected: AbortSignal;
}

/** Whether the caller asked for a stream (`Accept: text/event-stream`) rather than one JSON answer. */
export function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? "").includes("text/event-stream");
}

export function openEventStream(reply: FastifyReply): EventStream {
  const body = new PassThrough();
  const gone = new AbortController();
  let ended = false;
  reply.raw.on("close", () => {
    if (!ended) gone.abort();
  });
  reply
    .header("content-type", "text/event-stream; charset=utf-8")
    .header("cache-control", "no-cache, no-transform")
    // Proxies such as nginx would otherwise hold the deltas back.
    .header("x-accel-buffering", "no")
    .send(body);
  return {
    send(data, event) {
      if (ended || gone.signal.aborted) return;
      const name = event === undefined ? "" : `event: ${event}\n`;
      body.write(`${name}data: ${JSON.stringify(data)}\n\n`);
      flush(reply);
    },
    end() {
      if (ended) return;
      ended = true;
      body.end();
    },
    disconnected: gone.signal,
  };
}

/**
 * Sends what was written now. Node corks the socket on each response write and uncorks it on the next tick, and
 * the next tick waits until every queued promise callback has run — on PGlite that includes whole queries (the
 * question's and the run's rows start as the first words are relayed), which held the first delta back by tens of
 * milliseconds (docs/decisions/203-sse-flush.md).
 */
function flush(reply: FastifyReply): void {
  const socket = reply.raw.socket;
  while (socket !== null && socket.writableCorked > 0) socket.uncork();
}
