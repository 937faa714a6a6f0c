// The realtime sockets of this instance: redeems the ticket, enforces the per-user cap, replays missed signals on
// subscribe, pushes what the bus carries to the sockets it belongs to, and pings every 25 s to drop dead ones.
import { UNLIMITED } from "@aacos/domain/catalog";
import {
  REALTIME_TOPICS,
  RealtimeClientMessage,
  type RealtimeTopic,
} from "@aacos/domain/validation";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import { effectiveLimits } from "../../platform/live-catalog.js";
import type { RealtimeBus, RealtimeEnvelope } from "../../platform/realtime-bus.js";
import type { SignalService, SignalView } from "../signals/index.js";
import type { ConnectionCounter } from "./connections.js";
import type { TicketHolder, TicketStore } from "./tickets.js";

export const HEARTBEAT_MS = 25_000;
/** Close codes: the HTTP status they stand for, in the 4000 range the protocol leaves to applications. */
export const CLOSE_INVALID_TICKET = 4401;
export const CLOSE_TOO_MANY = 4429;
/** The user's access changed (suspended, deleted, signed out everywhere, new roles or plan): ask for a new ticket. */
export const CLOSE_ACCESS_CHANGED = 4401;
export const ACCESS_CHANGED_REASON = "access changed";
/** At most this many missed signals are replayed; the rest is in GET /api/signals. */
const REPLAY_LIMIT = 1000;

interface Client {
  socket: WebSocket;
  holder: TicketHolder;
  topics: Set<RealtimeTopic>;
  alive: boolean;
  /** The newest signal id this socket was sent; older ones are not sent again. */
  lastSignalId: number;
  /** Live signals held back while a replay runs. */
  held: SignalView[] | null;
}

export interface RealtimeHub {
  /** Subscribes to the bus and starts the heartbeat. */
  start(): Promise<void>;
  /** Takes over a freshly upgraded socket. */
  accept(socket: WebSocket, ticket: string): void;
  stop(): Promise<void>;
}

export function createRealtimeHub(deps: {
  bus: RealtimeBus;
  tickets: TicketStore;
  connections: ConnectionCounter;
  signals: Pick<SignalService, "replay">;
  /** Of these users, those who are admins now (not suspended): admin-only messages are checked against it. */
  currentAdmins(userIds: string[]): Promise<Set<string>>;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
}): RealtimeHub {
  const { log } = deps;
  const clients = new Set<Client>();
  const unsubscribers: Array<() => void> = [];
  let heartbeat: NodeJS.Timeout | null = null;

  const send = (client: Client, message: object) => {
    if (client.socket.readyState === client.socket.OPEN)
      client.socket.send(JSON.stringify(message));
  };

  const sendSignal = (client: Client, signal: SignalView) => {
    if (signal.id <= client.lastSignalId) return;
    client.lastSignalId = signal.id;
    send(client, { type: "signal", signal });
  };

  const audienceOf = (envelope: RealtimeEnvelope, topic: RealtimeTopic) =>
    [...clients].filter(
      (client) =>
        client.topics.has(topic) &&
        (envelope.userId === null ? client.holder.admin : envelope.userId === client.holder.userId),
    );

  /** Admin-only messages, one at a time in order: each is sent only to sockets whose user is an admin now. */
  let adminQueue: Promise<void> = Promise.resolve();
  function route(topic: RealtimeTopic, envelope: RealtimeEnvelope) {
    if (envelope.userId === null) {
      adminQueue = adminQueue
        .then(async () => {
          const audience = audienceOf(envelope, topic);
          if (audience.length === 0) return;
          const admins = await deps.currentAdmins([
            ...new Set(audience.map((client) => client.holder.userId)),
          ]);
          for (const client of audience) {
            if (admins.has(client.holder.userId)) send(client, envelope.message);
            else {
              // Demoted or suspended since the ticket: the socket goes; a new ticket carries the new roles.
              client.socket.close(CLOSE_ACCESS_CHANGED, ACCESS_CHANGED_REASON);
            }
          }
        })
        .catch((error: unknown) => log.warn({ err: error, topic }, "admin message not sent"));
      return;
    }
    for (const client of audienceOf(envelope, topic)) {
      const signal = topic === "signals" ? envelope.message.signal : undefined;
      if (topic === "signals" && isSignal(signal)) {
        if (client.held !== null) client.held.push(signal);
        else sendSignal(client, signal);
      } else {
        send(client, envelope.message);
      }
    }
  }

  async function subscribe(client: Client, topics: RealtimeTopic[], lastSignalId?: number) {
    for (const topic of topics) client.topics.add(topic);
    let replayed = 0;
    if (topics.includes("signals") && lastSignalId !== undefined) {
      client.held = [];
      client.lastSignalId = Math.max(client.lastSignalId, lastSignalId);
      try {
        const missed = await deps.signals.replay(client.holder.userId, lastSignalId, REPLAY_LIMIT);
        for (const signal of missed) sendSignal(client, signal);
        replayed = missed.length;
      } finally {
        const held = client.held;
        client.held = null;
        for (const signal of held) sendSignal(client, signal);
      }
    }
    send(client, { type: "subscribed", topics: [...client.topics], replayed });
  }

  async function handle(client: Client, text: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      send(client, { type: "error", message: "Messages must be JSON" });
      return;
    }
    const result = RealtimeClientMessage.safeParse(parsed);
    if (!result.success) {
      send(client, {
        type: "error",
        message: `Unknown message; send {type: "subscribe", topics: [${REALTIME_TOPICS.map((t) => `"${t}"`).join(", ")}]}`,
      });
      return;
    }
    const message = result.data;
    if (message.type === "ping") send(client, { type: "pong" });
    else if (message.type === "unsubscribe") {
      for (const topic of message.topics) client.topics.delete(topic);
      send(client, { type: "unsubscribed", topics: message.topics });
    } else await subscribe(client, message.topics, message.lastSignalId);
  }

  async function admit(socket: WebSocket, ticket: string, early: string[]) {
    const holder = await deps.tickets.redeem(ticket);
    if (holder === null) {
      socket.close(CLOSE_INVALID_TICKET, "invalid ticket");
      return null;
    }
    const max = effectiveLimits(holder.tier, holder.world).maxWebSocketConnections;
    const opened = await deps.connections.open(holder.userId);
    if (socket.readyState !== socket.OPEN) {
      await opened.release();
      return null;
    }
    if (max !== UNLIMITED && opened.count > max) {
      await opened.release();
      socket.close(CLOSE_TOO_MANY, `Too many realtime connections: max ${max}`);
      return null;
    }
    const client: Client = {
      socket,
      holder,
      topics: new Set(),
      alive: true,
      lastSignalId: 0,
      held: null,
    };
    clients.add(client);
    socket.on("close", () => {
      clients.delete(client);
      opened
        .release()
        .catch((error: unknown) =>
          log.warn({ err: error }, "realtime connection count not released"),
        );
    });
    socket.on("pong", () => {
      client.alive = true;
    });
    send(client, {
      type: "welcome",
      userId: holder.userId,
      maxConnections: max,
      topics: REALTIME_TOPICS,
    });
    return { client, early };
  }

  return {
    async start() {
      for (const topic of REALTIME_TOPICS) {
        unsubscribers.push(await deps.bus.subscribe(topic, (envelope) => route(topic, envelope)));
      }
      // On every instance: the sockets of a user whose access changed close; the client asks for a new ticket,
      // which a suspended, deleted or signed-out user does not get, and which carries the new roles and plan.
      unsubscribers.push(
        await deps.bus.subscribe("access", (envelope) => {
          for (const client of clients) {
            if (client.holder.userId === envelope.userId)
              client.socket.close(CLOSE_ACCESS_CHANGED, ACCESS_CHANGED_REASON);
          }
        }),
      );
      heartbeat = setInterval(() => {
        for (const client of clients) {
          if (!client.alive) {
            client.socket.terminate();
            continue;
          }
          client.alive = false;
          client.socket.ping();
        }
        deps.connections
          .renew(new Set([...clients].map((client) => client.holder.userId)))
          .catch((error: unknown) => log.warn({ err: error }, "realtime counts not renewed"));
      }, deps.heartbeatMs ?? HEARTBEAT_MS);
      heartbeat.unref();
    },

    accept(socket, ticket) {
      // Messages are handled one at a time, in order; those sent before the ticket is redeemed wait for it.
      const early: string[] = [];
      let queue: Promise<unknown> = Promise.resolve();
      let admitted: Client | null = null;
      socket.on("message", (data) => {
        const text = data.toString();
        if (admitted === null) {
          early.push(text);
          return;
        }
        const client = admitted;
        queue = queue
          .then(() => handle(client, text))
          .catch((error: unknown) => {
            log.warn({ err: error }, "realtime message failed");
          });
      });
      socket.on("error", (error) => log.debug({ err: error }, "realtime socket error"));
      queue = admit(socket, ticket, early)
        .then(async (result) => {
          if (result === null) return;
          admitted = result.client;
          for (const text of result.early.splice(0)) await handle(result.client, text);
        })
        .catch((error: unknown) => {
          log.error({ err: error }, "realtime socket not admitted");
          socket.close(1011, "server error");
        });
    },

    async stop() {
      if (heartbeat !== null) clearInterval(heartbeat);
      for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
      for (const client of clients) client.socket.close(1001, "server shutting down");
    },
  };
}

function isSignal(value: unknown): value is SignalView {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { id?: unknown }).id === "number"
  );
}
