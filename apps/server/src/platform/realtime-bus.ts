// Fan-out of realtime messages to every server instance: Redis pub/sub when REDIS_URL is set, an in-process emitter otherwise.
import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";

/**
 * The topics a realtime socket can subscribe to, and what each carries. `message` is the JSON object sent to the
 * sockets as it is; `userId` says whose sockets get it (null: the sockets of admins only, e.g. system metrics).
 *
 * - "signals": `{ type: "signal", signal: { id, kind, source, severity, data, createdAt } }` (the signals feature).
 * - "runs":    `{ type: "run", run: { kind, source, ...details } }` when a chat, command or sync run finished.
 * - "alerts":  `{ type: "alert", alert: { id, rule, severity, status, message, createdAt } }` (the alerts feature).
 * - "metrics": `{ type: "metrics", at: ISO time, values: { [metric]: number } }` (the metrics feature).
 * - "jobs":    `{ type: "job-cancel", ids: string[] }` between instances only (the job runner); never sent to sockets.
 * - "autonomous": `{ type: "kill-switch", engaged }` between instances only (autonomous control); never sent to sockets.
 * - "settings": `{ type: "settings.changed" }` between instances only (admin settings reload); never sent to sockets.
 * - "access":  `{ type: "access.changed" }` for `userId` when they were suspended, deleted, signed out everywhere or
 *              their roles or plan changed; every instance closes that user's sockets (features/realtime). Never sent.
 * - "principal": `{ type: "principal.changed" }` for `userId` (null: everyone) when a write may have changed a user,
 *              a session or a personal API key; every instance forgets what it keeps of them (platform/auth.ts).
 *              Never sent to sockets.
 * - "answers": `{ type: "answer.stop", key, nonce }` asks the instance streaming that answer to stop it, which
 *              answers `{ type: "answer.stopped", nonce }` (features/ai). Between instances only; never sent.
 */
export type RealtimeBusTopic =
  | "signals"
  | "alerts"
  | "metrics"
  | "runs"
  | "jobs"
  | "autonomous"
  | "settings"
  | "access"
  | "principal"
  | "answers";

export interface RealtimeEnvelope {
  userId: string | null;
  message: { type: string } & Record<string, unknown>;
}

export type RealtimeHandler = (envelope: RealtimeEnvelope) => void;

export interface RealtimeBus {
  /** true when other instances hear what is published (Redis); false for the in-process emitter. */
  readonly shared: boolean;
  /** Delivers to every instance's subscribers (this one included), once each. */
  publish(topic: RealtimeBusTopic, envelope: RealtimeEnvelope): Promise<void>;
  /** Resolves once the subscription is live everywhere it needs to be; call the result to stop. */
  subscribe(topic: RealtimeBusTopic, handler: RealtimeHandler): Promise<() => void>;
  close(): Promise<void>;
}

function isEnvelope(value: unknown): value is RealtimeEnvelope {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as { userId?: unknown; message?: unknown };
  const userOk = candidate.userId === null || typeof candidate.userId === "string";
  const message = candidate.message as { type?: unknown } | null | undefined;
  return (
    userOk && typeof message === "object" && message !== null && typeof message.type === "string"
  );
}

export async function createRealtimeBus(deps: {
  redis: Redis | null;
  /** Channels are named `<prefix>:realtime:<topic>`: instances sharing a database share channels. */
  prefix: string;
  log: FastifyBaseLogger;
}): Promise<RealtimeBus> {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const deliver = (topic: string, envelope: RealtimeEnvelope) => {
    for (const handler of local.listeners(topic)) {
      try {
        (handler as RealtimeHandler)(envelope);
      } catch (error) {
        deps.log.warn({ err: error, topic }, "realtime handler failed");
      }
    }
  };
  const { redis } = deps;
  if (redis === null) {
    return {
      shared: false,
      async publish(topic, envelope) {
        deliver(topic, envelope);
      },
      async subscribe(topic, handler) {
        local.on(topic, handler);
        return () => local.off(topic, handler);
      },
      async close() {
        local.removeAllListeners();
      },
    };
  }

  // A connection in subscriber mode can run no other command, hence its own. Unlike the command connection it
  // queues while Redis is away: its subscriptions are made again when Redis returns.
  const subscriber = redis.duplicate({
    enableOfflineQueue: true,
    commandTimeout: undefined,
    maxRetriesPerRequest: null,
    // (Un)subscribing is refused in a pipeline.
    enableAutoPipelining: false,
  });
  subscriber.on("error", (error: Error) =>
    deps.log.debug({ err: error }, "realtime subscriber connection error"),
  );
  const channelOf = (topic: string) => `${deps.prefix}:realtime:${topic}`;
  const topicOf = new Map<string, string>();
  subscriber.on("message", (channel: string, text: string) => {
    const topic = topicOf.get(channel);
    if (topic === undefined) return;
    try {
      const parsed: unknown = JSON.parse(text);
      if (isEnvelope(parsed)) deliver(topic, parsed);
    } catch (error) {
      deps.log.warn({ err: error, channel }, "realtime message not readable");
    }
  });
  return {
    shared: true,
    async publish(topic, envelope) {
      try {
        await redis.publish(channelOf(topic), JSON.stringify(envelope));
      } catch (error) {
        // Redis away: at least this instance's sockets still hear it.
        deps.log.warn({ err: error, topic }, "realtime publish fell back to this instance");
        deliver(topic, envelope);
      }
    },
    async subscribe(topic, handler) {
      const channel = channelOf(topic);
      if (!topicOf.has(channel)) {
        topicOf.set(channel, topic);
        await subscriber.subscribe(channel);
      }
      local.on(topic, handler);
      return () => local.off(topic, handler);
    },
    async close() {
      local.removeAllListeners();
      subscriber.disconnect();
    },
  };
}
