/// <reference types="node" />
// Tests' realtime peer: a real local WebSocket server the app's realtime client connects to (ticket "t", quick
// retries). `sockets` holds the server's side of each connection; `onConnection` may close or answer one.
import type { AddressInfo } from "node:net";
import { type WebSocket as ServerSocket, WebSocketServer, WebSocket as WsClient } from "ws";
import { createRealtime, setRealtimeForTests } from "./lib/realtime";

export interface TestRealtime {
  sockets: ServerSocket[];
  onConnection: (socket: ServerSocket) => void;
  close: () => Promise<void>;
}

export async function startTestRealtime(): Promise<TestRealtime> {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
  const { port } = wss.address() as AddressInfo;
  const peer: TestRealtime = {
    sockets: [],
    onConnection: () => {},
    close: async () => {
      setRealtimeForTests(null);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
  wss.on("connection", (socket) => {
    peer.sockets.push(socket);
    peer.onConnection(socket);
  });
  setRealtimeForTests(
    createRealtime({
      ticket: async () => "t",
      url: (ticket) => `ws://127.0.0.1:${port}/?token=${ticket}`,
      socketClass: () => WsClient as unknown as typeof WebSocket,
      baseDelayMs: 10,
      lingerMs: 0,
    }),
  );
  return peer;
}
