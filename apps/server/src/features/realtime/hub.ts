// The realtime sockets of this instance: redeems the ticket, enforces the per-user cap, replays missed signals on
// subscribe, pushes what the bus carries to the sockets it belongs to, and pings every 25 s to drop dead ones.
import { UNLIMITED } from "@aacos/domain/catalog";
import {
  REALTIME_TOPICS,
  RealtimeClientMessage,
  type RealtimeTopic,
} from "@aacos/domain/validation";
import type { FastifyBaseLogger } from "fastify";
import type { RawData, WebSocket } from "ws";
import { effectiveLimits } from "../../platform/live-catalog.js";
import type { RealtimeBus, RealtimeEnvelope } from "../../platform/realtime-bus.js";
import type { SignalService, SignalView } from "../signals/index.js";
import type { ConnectionCounter } from "./connections.js";
import type { TicketStore } from "./tickets.js";

export const HEARTBEAT_MS = 25_000;
/** Close codes: the HTTP status they stand for, in the 4000 range the protocol leaves to applications. */
export const CLOSE_INVALID_TICKET = 4401;
export const CLOSE_TOO_MANY = 4429;
/** The user's access changed (suspended, deleted, signed out everywhere, new roles or plan): ask for a new ticket. */
export const CLOSE_ACCESS_CHANGED = 4401;
export const ACCESS_CHANGED_REASON = "access changed";
/** At most this many missed signals are replayed; the rest is in GET /api/signals. */
const REPLAY_LIMIT = 1000;

/** The topics a socket hears, one bit each (REALTIME_TOPICS' order): a number per socket rather than a Set. */
const TOPIC_BIT = new Map(REALTIME_TOPICS.map((topic, index) => [topic, 1 << index]));
const bitOf = (topic: RealtimeTopic) => TOPIC_BIT.get(topic) ?? 0;
const topicsIn = (bits: number) => REALTIME_TOPICS.filter((topic) => (bits & bitOf(topic)) !== 0);

/**
 * One socket's state, kept small: thousands of idle sockets each hold one (docs/decisions/232-lean-realtime-sockets.md).
 * Its listeners are shared by every socket and find it through the socket.
 */
interface Client {
  socket: WebSocket;
  /** Null until the ticket is redeemed; only then does the socket hear anything. */
  userId: string | null;
  /** Admin when the ticket was issued; admin-only messages are checked again each time. */
  admin: boolean;
  topics: number;
  alive: boolean;
  /** Where the connection is counted (true: in Redis, shared; false: in this process), to stop counting it on
   * close; null until admitted. */
  countedShared: boolean | null;
  /** The newest signal id this socket was sent; older ones are not sent again. */
  lastSignalId: number;
  /** Live signals held back while a replay runs. */
  held: SignalView[] | null;
  /** The socket's messages are handled one at a time, in order, after the ticket (null: nothing waiting). */
  queue: Promise<void> | null;
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
  /** Every socket taken over and not yet closed, admitted or still redeeming its ticket. */
  const clients = new Map<WebSocket, Client>();
  const unsubscribers: Array<() => void> = [];
  let heartbeat: NodeJS.Timeout | null = null;

  /** A message for many sockets is serialised once; each socket sends the same bytes as a text frame. */
  const encode = (message: object) => Buffer.from(JSON.stringify(message));
  const sendEncoded = (client: Client, payload: Buffer) => {
    if (client.socket.readyState === client.socket.OPEN)
      client.socket.send(payload, { binary: false });
  };
  const send = (client: Client, message: object) => {
    if (client.socket.readyState === client.socket.OPEN)
      client.socket.send(JSON.stringify(message));
  };

  const isNew = (client: Client, signal: SignalView) => {
    if (signal.id <= client.lastSignalId) return false;
    client.lastSignalId = signal.id;
    return true;
  };
  const sendSignal = (client: Client, signal: SignalView) => {
    if (isNew(client, signal)) send(client, { type: "signal", signal });
  };

  /** The admitted sockets that hear this message: the user's own, or (userId null) those opened as admin. */
  function audienceOf(envelope: RealtimeEnvelope, topic: RealtimeTopic): Client[] {
    const bit = bitOf(topic);
    const audience: Client[] = [];
    for (const client of clients.values()) {
      if (client.userId === null || (client.topics & bit) === 0) continue;
      if (envelope.userId === null ? client.admin : envelope.userId === client.userId)
        audience.push(client);
    }
    return audience;
  }

  /** Admin-only messages, one at a time in order: each is sent only to sockets whose user is an admin now. */
  let adminQueue: Promise<void> = Promise.resolve();
  function route(topic: RealtimeTopic, envelope: RealtimeEnvelope) {
    if (envelope.userId === null) {
      adminQueue = adminQueue
        .then(async () => {
          const audience = audienceOf(envelope, topic);
          if (audience.length === 0) return;
          const admins = await deps.currentAdmins([
            ...new Set(audience.map((client) => client.userId ?? "")),
          ]);
          let payload: Buffer | null = null;
          for (const client of audience) {
            if (client.userId !== null && admins.has(client.userId)) {
              payload ??= encode(envelope.message);
              sendEncoded(client, payload);
            } else {
              // Demoted or suspended since the ticket: the socket goes; a new ticket carries the new roles.
              client.socket.close(CLOSE_ACCESS_CHANGED, ACCESS_CHANGED_REASON);
            }
          }
        })
        .catch((error: unknown) => log.warn({ err: error, topic }, "admin message not sent"));
      return;
    }
    const audience = audienceOf(envelope, topic);
    if (audience.length === 0) return;
    const signal = topic === "signals" ? envelope.message.signal : undefined;
    if (topic === "signals" && isSignal(signal)) {
      let payload: Buffer | null = null;
      for (const client of audience) {
        if (client.held !== null) client.held.push(signal);
        else if (isNew(client, signal)) {
          payload ??= encode({ type: "signal", signal });
          sendEncoded(client, payload);
        }
      }
      return;
    }
    const payload = encode(envelope.message);
    for (const client of audience) sendEncoded(client, payload);
  }

  async function subscribe(
    client: Client,
    userId: string,
    topics: RealtimeTopic[],
    lastSignalId?: number,
  ) {
    for (const topic of topics) client.topics |= bitOf(topic);
    let replayed = 0;
    if (topics.includes("signals") && lastSignalId !== undefined) {
      client.held = [];
      client.lastSignalId = Math.max(client.lastSignalId, lastSignalId);
      try {
        const missed = await deps.signals.replay(userId, lastSignalId, REPLAY_LIMIT);
        for (const signal of missed) sendSignal(client, signal);
        replayed = missed.length;
      } finally {
        const held = client.held;
        client.held = null;
        for (const signal of held) sendSignal(client, signal);
      }
    }
    send(client, { type: "subscribed", topics: topicsIn(client.topics), replayed });
  }

  async function handle(client: Client, text: string) {
    const userId = client.userId;
    // Not admitted (the ticket was refused): the socket is closing.
    if (userId === null) return;
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
      for (const topic of message.topics) client.topics &= ~bitOf(topic);
      send(client, { type: "unsubscribed", topics: message.topics });
    } else await subscribe(client, userId, message.topics, message.lastSignalId);
  }

  /** Queues work behind the socket's earlier messages (and its admission). */
  function enqueue(client: Client, work: () => Promise<void>) {
    const next: Promise<void> = (client.queue ?? Promise.resolve())
      .then(work)
      .catch((error: unknown) => {
        log.warn({ err: error }, "realtime message failed");
      })
      .finally(() => {
        if (client.queue === next) client.queue = null;
      });
    client.queue = next;
  }

  async function admit(client: Client, ticket: string) {
    const { socket } = client;
    const holder = await deps.tickets.redeem(ticket);
    if (holder === null) {
      socket.close(CLOSE_INVALID_TICKET, "invalid ticket");
      return;
    }
    const max = effectiveLimits(holder.tier, holder.world).maxWebSocketConnections;
    const counted = await deps.connections.open(holder.userId);
    if (socket.readyState !== socket.OPEN) {
      await deps.connections.release(counted);
      return;
    }
    if (max !== UNLIMITED && counted.count > max) {
      await deps.connections.release(counted);
      socket.close(CLOSE_TOO_MANY, `Too many realtime connections: max ${max}`);
      return;
    }
    // From here the socket's close releases the count.
    client.countedShared = counted.shared;
    client.userId = holder.userId;
    client.admin = holder.admin;
    send(client, {
      type: "welcome",
      userId: holder.userId,
      maxConnections: max,
      topics: REALTIME_TOPICS,
    });
  }

  // One listener of each kind for every socket (`this` is the socket): no closures per socket.
  function onMessage(this: WebSocket, data: RawData) {
    const client = clients.get(this);
    if (client === undefined) return;
    const text = data.toString();
    enqueue(client, () => handle(client, text));
  }
  function onPong(this: WebSocket) {
    const client = clients.get(this);
    if (client !== undefined) client.alive = true;
  }
  function onClose(this: WebSocket) {
    const client = clients.get(this);
    if (client === undefined) return;
    clients.delete(this);
    const shared = client.countedShared;
    client.countedShared = null;
    if (shared !== null && client.userId !== null) {
      deps.connections
        .release({ userId: client.userId, shared })
        .catch((error: unknown) =>
          log.warn({ err: error }, "realtime connection count not released"),
        );
    }
  }
  function onError(error: Error) {
    log.debug({ err: error }, "realtime socket error");
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
          for (const client of clients.values()) {
            if (client.userId !== null && client.userId === envelope.userId)
              client.socket.close(CLOSE_ACCESS_CHANGED, ACCESS_CHANGED_REASON);
          }
        }),
      );
      // One timer for every socket.
      heartbeat = setInterval(() => {
        const users = new Set<string>();
        for (const client of clients.values()) {
          if (!client.alive) {
            client.socket.terminate();
            continue;
          }
          client.alive = false;
          client.socket.ping();
          if (client.userId !== null) users.add(client.userId);
        }
        deps.connections
          .renew(users)
          .catch((error: unknown) => log.warn({ err: error }, "realtime counts not renewed"));
      }, deps.heartbeatMs ?? HEARTBEAT_MS);
      heartbeat.unref();
    },

    accept(socket, ticket) {
      const client: Client = {
        socket,
        userId: null,
        admin: false,
        topics: 0,
        alive: true,
        countedShared: null,
        lastSignalId: 0,
        held: null,
        queue: null,
      };
      clients.set(socket, client);
      socket.on("message", onMessage);
      socket.on("pong", onPong);
      socket.on("close", onClose);
      socket.on("error", onError);
      // Messages sent before the ticket is redeemed wait for it in the queue.
      enqueue(client, () =>
        admit(client, ticket).catch((error: unknown) => {
          log.error({ err: error }, "realtime socket not admitted");
          socket.close(1011, "server error");
        }),
      );
    },

    async stop() {
      if (heartbeat !== null) clearInterval(heartbeat);
      for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
      for (const client of clients.values()) client.socket.close(1001, "server shutting down");
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
