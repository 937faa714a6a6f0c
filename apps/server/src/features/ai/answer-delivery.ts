// Delivering a running answer to the client that asked for it (the chat and the command centre): as one JSON reply or as
// server-sent events; either way the client hanging up stops the answer with AnswerInterrupt("disconnected").
import type { FastifyReply, FastifyRequest } from "fastify";
import { INTERNAL_ERROR_BODY } from "../../platform/errors.js";
import { AnswerInterrupt } from "./answer.js";
import { type EventStream, openEventStream } from "./sse.js";

/** For a JSON answer: aborted when the client hangs up before the reply is written; what arrived is kept. */
export function hangUpSignal(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) gone.abort(new AnswerInterrupt("disconnected"));
  });
  return gone.signal;
}

/**
 * For a streamed answer: opens the event stream and runs the answer on it with a signal aborted when the client
 * disconnects; sends `done(result)` as the `done` event, or logs the failure and sends the generic error as the
 * `error` event; then ends the stream.
 */
export function streamAnswer<Result>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (events: EventStream, signal: AbortSignal) => Promise<Result>,
  done: (result: Result) => unknown,
  failure: string,
): void {
  const events = openEventStream(reply);
  const disconnected = new AbortController();
  events.disconnected.addEventListener("abort", () =>
    disconnected.abort(new AnswerInterrupt("disconnected")),
  );
  run(events, disconnected.signal)
    .then(
      (result) => events.send(done(result), "done"),
      (error: unknown) => {
        request.log.error({ err: error }, failure);
        events.send(INTERNAL_ERROR_BODY, "error");
      },
    )
    .finally(() => events.end());
}
