/// <reference types="node" />
// The shared realtime connection against a real local WebSocket server: one socket for every topic, a fresh ticket
// and a replay from the last seen signal after a drop, and 4429 stopping with the server's reason.
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type WebSocket as ServerSocket, WebSocketServer, WebSocket as WsClient } from "ws";
import { createRealtime, type Realtime, type RealtimeMessage } from "./realtime";

let server: WebSocketServer;
let port: number;
const connections: { socket: ServerSocket; token: string; received: unknown[] }[] = [];
let onConnection: (entry: (typeof connections)[number]) => void = () => {};
let connection: Realtime | null = null;

beforeEach(async () => {
  connections.length = 0;
  onConnection = () => {};
  server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
  server.on("connection", (socket, request) => {
    const token = new URL(request.url ?? "/", "http://x").searchParams.get("token") ?? "";
    const entry = { socket, token, received: [] as unknown[] };
    connections.push(entry);
    socket.on("message", (data) => entry.received.push(JSON.parse(String(data))));
    onConnection(entry);
  });
});

afterEach(async () => {
  connection?.shutdown();
  connection = null;
  for (const client of server.clients) client.terminate();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function open(): Realtime {
  let tickets = 0;
  connection = createRealtime({
    ticket: async () => `ticket-${++tickets}`,
    url: (ticket) => `ws://127.0.0.1:${port}/api/realtime?token=${ticket}`,
    baseDelayMs: 10,
    maxDelayMs: 50,
    lingerMs: 10,
    // Node's own WebSocket mixes its Event class with jsdom's; the `ws` client is the same browser API.
    socketClass: () => WsClient as unknown as typeof WebSocket,
  });
  return connection;
}

async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("realtime connection", () => {
  it("shares one socket across topics and replays from the last signal after a drop, with a fresh ticket", async () => {
    const rt = open();
    const signals: RealtimeMessage[] = [];
    const metrics: RealtimeMessage[] = [];
    const offSignals = rt.subscribe("signals", (message) => signals.push(message));
    const offMetrics = rt.subscribe("metrics", (message) => metrics.push(message));
    await until(() => rt.status().state === "connected");
    await until(() => (connections[0]?.received.length ?? 0) > 0);
    expect(connections).toHaveLength(1);
    expect(connections[0]?.token).toBe("ticket-1");
    expect(connections[0]?.received[0]).toEqual({
      type: "subscribe",
      topics: ["signals", "metrics"],
    });

    const first = connections[0];
    first?.socket.send(JSON.stringify({ type: "signal", signal: { id: 41 } }));
    first?.socket.send(JSON.stringify({ type: "signal", signal: { id: 42 } }));
    first?.socket.send(JSON.stringify({ type: "metrics", at: "t", values: {} }));
    await until(() => signals.length === 2 && metrics.length === 1);
    expect(rt.lastSignalId()).toBe(42);

    first?.socket.close(1011, "server error");
    await until(() => rt.status().state === "reconnecting");
    expect(rt.status().code).toBe(1011);
    await until(() => rt.status().state === "connected" && connections.length === 2);
    await until(() => (connections[1]?.received.length ?? 0) > 0);
    expect(connections[1]?.token).toBe("ticket-2");
    expect(connections[1]?.received[0]).toEqual({
      type: "subscribe",
      topics: ["signals", "metrics"],
      lastSignalId: 42,
    });

    // Leaving one topic tells the server; leaving the last closes the socket.
    offMetrics();
    await until(() => (connections[1]?.received.length ?? 0) > 1);
    expect(connections[1]?.received[1]).toEqual({ type: "unsubscribe", topics: ["metrics"] });
    offSignals();
    await until(() => rt.status().state === "idle");
    expect(connections).toHaveLength(2);
  });

  it("stops on 4429 with the server's reason and opens no further socket", async () => {
    onConnection = (entry) => entry.socket.close(4429, "Too many realtime connections: max 1");
    const rt = open();
    rt.subscribe("signals", () => {});
    await until(() => rt.status().state === "closed");
    expect(rt.status()).toEqual({
      state: "closed",
      code: 4429,
      reason: "Too many realtime connections: max 1",
    });
    rt.subscribe("alerts", () => {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connections).toHaveLength(1);
    expect(rt.status().state).toBe("closed");
  });
});
