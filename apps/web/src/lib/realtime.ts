// The realtime socket (docs/product.md §10): one shared connection per tab, opened when the first topic
// listener arrives and closed after the last leaves. Each (re)connect asks for a fresh ticket, subscribes to every
// topic someone listens to and replays signals newer than the last one seen. Lost connections come back with
// exponential backoff; 4429 (too many connections for the plan) stops with the server's reason.
import type { RealtimeTicket } from "@aacos/domain/replies";
import { useSyncExternalStore } from "react";
import { apiPost } from "./api-client";

export type RealtimeTopic = "signals" | "alerts" | "metrics" | "runs";

/** What the server sends; `type` picks the shape. */
export interface RealtimeMessage {
  type: string;
  [key: string]: unknown;
}

export type RealtimeState = "idle" | "connecting" | "connected" | "reconnecting" | "closed";

export interface RealtimeStatus {
  state: RealtimeState;
  /** The close code of the last drop, or null. */
  code: number | null;
  /** The server's close reason (e.g. "Too many realtime connections: max 1"), or null. */
  reason: string | null;
}

export const CLOSE_INVALID_TICKET = 4401;
export const CLOSE_TOO_MANY = 4429;
const OPEN = 1;

export interface RealtimeOptions {
  /** A fresh ticket for each connection attempt. */
  ticket: () => Promise<string>;
  /** The socket URL for a ticket. */
  url: (ticket: string) => string;
  /** Backoff delays: first, and the cap (ms). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long the socket stays open after the last listener leaves (a screen change re-subscribes). */
  lingerMs: number;
  /** The socket class (tests pass the `ws` client; the browser's by default). */
  socketClass: () => typeof WebSocket;
}

const DEFAULT_OPTIONS: RealtimeOptions = {
  ticket: async () => (await apiPost<RealtimeTicket>("/realtime/ticket")).ticket,
  url: (ticket) =>
    `${window.location.origin.replace(/^http/, "ws")}/api/realtime?token=${encodeURIComponent(ticket)}`,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
  lingerMs: 2_000,
  socketClass: () => WebSocket,
};

type Listener = (message: RealtimeMessage) => void;

/** The topic a server message belongs to. */
function topicOf(message: RealtimeMessage): RealtimeTopic | null {
  switch (message.type) {
    case "signal":
      return "signals";
    case "alert":
      return "alerts";
    case "metrics":
      return "metrics";
    case "run":
      return "runs";
    default:
      return null;
  }
}

export function createRealtime(overrides: Partial<RealtimeOptions> = {}) {
  const options: RealtimeOptions = { ...DEFAULT_OPTIONS, ...overrides };
  const listeners = new Map<RealtimeTopic, Set<Listener>>();
  const statusListeners = new Set<() => void>();
  let status: RealtimeStatus = { state: "idle", code: null, reason: null };
  let socket: WebSocket | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let lingerTimer: ReturnType<typeof setTimeout> | null = null;
  let lastSignalId: number | null = null;
  /** Bumped on every connect/stop so a stale ticket request or socket is ignored. */
  let generation = 0;

  const setStatus = (next: RealtimeStatus) => {
    status = next;
    for (const listener of statusListeners) listener();
  };

  const activeTopics = (): RealtimeTopic[] =>
    [...listeners.entries()].filter(([, set]) => set.size > 0).map(([topic]) => topic);

  const send = (message: object) => {
    if (socket !== null && socket.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  const subscribeMessage = (topics: RealtimeTopic[]) => ({
    type: "subscribe",
    topics,
    ...(topics.includes("signals") && lastSignalId !== null ? { lastSignalId } : {}),
  });

  const clearTimers = () => {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
  };

  const scheduleRetry = (code: number | null, reason: string | null) => {
    const delay = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
    attempt += 1;
    setStatus({ state: "reconnecting", code, reason });
    clearTimers();
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delay);
  };

  const dispatch = (message: RealtimeMessage) => {
    if (message.type === "signal") {
      const id = (message.signal as { id?: unknown } | undefined)?.id;
      if (typeof id === "number" && (lastSignalId === null || id > lastSignalId)) lastSignalId = id;
    }
    const topic = topicOf(message);
    if (topic === null) return;
    for (const listener of listeners.get(topic) ?? []) listener(message);
  };

  async function connect(): Promise<void> {
    const mine = ++generation;
    if (status.state !== "reconnecting")
      setStatus({ state: "connecting", code: null, reason: null });
    let ticket: string;
    try {
      ticket = await options.ticket();
    } catch {
      if (mine === generation) scheduleRetry(null, null);
      return;
    }
    if (mine !== generation) return;
    const SocketClass = options.socketClass();
    const ws = new SocketClass(options.url(ticket));
    socket = ws;
    ws.onopen = () => {
      if (ws !== socket) return;
      attempt = 0;
      setStatus({ state: "connected", code: null, reason: null });
      const topics = activeTopics();
      if (topics.length > 0) send(subscribeMessage(topics));
    };
    ws.onmessage = (event) => {
      if (ws !== socket || typeof event.data !== "string") return;
      try {
        const parsed = JSON.parse(event.data) as unknown;
        if (typeof parsed === "object" && parsed !== null && "type" in parsed)
          dispatch(parsed as RealtimeMessage);
      } catch {
        // Not JSON: ignored.
      }
    };
    ws.onclose = (event) => {
      if (ws !== socket) return;
      socket = null;
      const reason = event.reason === "" ? null : event.reason;
      if (event.code === CLOSE_TOO_MANY) {
        setStatus({ state: "closed", code: event.code, reason });
        return;
      }
      if (activeTopics().length === 0) {
        setStatus({ state: "idle", code: null, reason: null });
        return;
      }
      scheduleRetry(event.code, reason);
    };
  }

  const stop = () => {
    generation += 1;
    clearTimers();
    const ws = socket;
    socket = null;
    if (ws !== null) ws.close(1000, "done");
    attempt = 0;
    setStatus({ state: "idle", code: null, reason: null });
  };

  const ensureOpen = () => {
    if (lingerTimer !== null) {
      clearTimeout(lingerTimer);
      lingerTimer = null;
    }
    if (status.state === "idle") void connect();
  };

  return {
    /** Listens to one topic; returns the unsubscribe. */
    subscribe(topic: RealtimeTopic, listener: Listener): () => void {
      let set = listeners.get(topic);
      if (set === undefined) {
        set = new Set();
        listeners.set(topic, set);
      }
      const first = set.size === 0;
      set.add(listener);
      if (first) send(subscribeMessage([topic]));
      ensureOpen();
      return () => {
        const current = listeners.get(topic);
        if (current === undefined || !current.delete(listener)) return;
        if (current.size === 0) send({ type: "unsubscribe", topics: [topic] });
        if (activeTopics().length === 0 && lingerTimer === null) {
          lingerTimer = setTimeout(() => {
            lingerTimer = null;
            if (activeTopics().length === 0) stop();
          }, options.lingerMs);
        }
      };
    },
    /** After a 4429 (or to skip the wait): connect again now. */
    retry(): void {
      if (activeTopics().length === 0) return;
      generation += 1;
      clearTimers();
      attempt = 0;
      const ws = socket;
      socket = null;
      if (ws !== null) ws.close(1000, "retry");
      void connect();
    },
    status: (): RealtimeStatus => status,
    onStatus(listener: () => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    lastSignalId: (): number | null => lastSignalId,
    /** Closes everything and forgets every listener (tests, sign-out). */
    shutdown(): void {
      if (lingerTimer !== null) clearTimeout(lingerTimer);
      lingerTimer = null;
      listeners.clear();
      lastSignalId = null;
      stop();
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;

let shared: Realtime | null = null;

/** The tab's one connection. */
export function realtime(): Realtime {
  shared ??= createRealtime();
  return shared;
}

/** Tests swap in a connection pointed at their own server. */
export function setRealtimeForTests(next: Realtime | null): void {
  shared?.shutdown();
  shared = next;
}

export function useRealtimeStatus(): RealtimeStatus {
  const connection = realtime();
  return useSyncExternalStore(connection.onStatus, connection.status, connection.status);
}
