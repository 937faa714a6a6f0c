// The request pipeline: the platform's per-request steps run in one Fastify hook per stage, in the order the plugins
// added them (docs/decisions/394-one-hook-per-stage.md). Fastify's hook runner costs about 0.3 µs a hook, and a
// signed-in call passed about twenty of them.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

type Done = (error?: Error) => void;
/** A step before the handler: calls `done` once, with a refusal or nothing; may also throw its refusal. */
export type RequestStep = (request: FastifyRequest, reply: FastifyReply, done: Done) => void;
/** A step on the way out: passes the payload on (or a new one). */
export type SendStep = (
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
) => void;

export interface RequestPipeline {
  onRequest(step: RequestStep): void;
  preValidation(step: RequestStep): void;
  preHandler(step: RequestStep): void;
  onSend(step: SendStep): void;
  /** After the reply went out: a failure is only logged, as Fastify's own onResponse hooks' are. */
  onResponse(step: RequestStep): void;
}

declare module "fastify" {
  interface FastifyInstance {
    pipeline: RequestPipeline;
  }
}

/**
 * Runs `steps` in order through `invoke`, then `finish`. A step that throws, or passes an error, ends the stage with
 * it. A throw from after the last step (Fastify's own continuation) is not ours to answer, so it goes on up as it would
 * have.
 */
function runSteps<Step>(
  steps: Step[],
  invoke: (step: Step, next: Done) => void,
  finish: Done,
): void {
  let index = 0;
  let ended = false;
  const next: Done = (error) => {
    const step = error === undefined || error === null ? steps[index++] : undefined;
    if (step === undefined) {
      ended = true;
      finish(error ?? undefined);
      return;
    }
    try {
      invoke(step, next);
    } catch (thrown) {
      if (ended) throw thrown;
      ended = true;
      finish(thrown as Error);
    }
  };
  next();
}

function runRequestSteps(
  steps: RequestStep[],
  request: FastifyRequest,
  reply: FastifyReply,
  done: Done,
): void {
  runSteps(steps, (step, next) => step(request, reply, next), done);
}

/** The send steps pass the payload along: each gets the one the step before it passed on. */
function runSendSteps(
  steps: SendStep[],
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  let current = payload;
  runSteps(
    steps,
    (step, next) =>
      step(request, reply, current, (error, passed) => {
        if (error === null || error === undefined) current = passed;
        next(error ?? undefined);
      }),
    (error) => (error === undefined ? done(null, current) : done(error)),
  );
}

/**
 * Registered before every other platform plugin: its hooks hold the steps the later ones add, so a stage's steps run
 * in their plugins' order, before any route's own hooks, as global hooks did.
 */
export const requestPipelinePlugin = fp(
  async (app: FastifyInstance) => {
    const onRequest: RequestStep[] = [];
    const preValidation: RequestStep[] = [];
    const preHandler: RequestStep[] = [];
    const onSend: SendStep[] = [];
    const onResponse: RequestStep[] = [];
    app.decorate("pipeline", {
      onRequest: (step) => void onRequest.push(step),
      preValidation: (step) => void preValidation.push(step),
      preHandler: (step) => void preHandler.push(step),
      onSend: (step) => void onSend.push(step),
      onResponse: (step) => void onResponse.push(step),
    } satisfies RequestPipeline);
    app.addHook("onRequest", (request, reply, done) =>
      runRequestSteps(onRequest, request, reply, done),
    );
    app.addHook("preValidation", (request, reply, done) =>
      runRequestSteps(preValidation, request, reply, done),
    );
    app.addHook("preHandler", (request, reply, done) =>
      runRequestSteps(preHandler, request, reply, done),
    );
    app.addHook("onSend", (request, reply, payload, done) =>
      runSendSteps(onSend, request, reply, payload, done),
    );
    app.addHook("onResponse", (request, reply, done) =>
      runRequestSteps(onResponse, request, reply, done),
    );
  },
  { name: "request-pipeline" },
);
