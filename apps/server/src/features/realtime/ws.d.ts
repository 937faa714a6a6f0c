// Types for the part of the `ws` package realtime uses (the server socket and the test client, the bench's bare server): @types/ws is not
// installed, and @fastify/websocket's own types read the socket from here.
declare module "ws" {
  import type { EventEmitter } from "node:events";

  type RawData = Buffer | ArrayBuffer | Buffer[];

  export class WebSocket extends EventEmitter {
    static readonly OPEN: 1;
    readonly OPEN: 1;
    readonly readyState: 0 | 1 | 2 | 3;
    constructor(address: string, options?: object);
    send(data: string): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    ping(): void;
    on(event: "message", listener: (data: RawData, isBinary: boolean) => void): this;
    on(event: "close", listener: (code: number, reason: Buffer) => void): this;
    on(event: "error", listener: (error: Error) => void): this;
    on(event: "open" | "pong" | "ping", listener: () => void): this;
    once(event: "close", listener: (code: number, reason: Buffer) => void): this;
    once(event: "open", listener: () => void): this;
    once(event: "error", listener: (error: Error) => void): this;
  }
  export class Server extends EventEmitter {}
  /** A bare server (bench/signal-fanout.ts's baseline). */
  export class WebSocketServer extends EventEmitter {
    constructor(options: { port: number; host?: string });
    readonly clients: Set<WebSocket>;
    address(): import("node:net").AddressInfo | string | null;
    close(callback?: () => void): void;
    once(event: "listening", listener: () => void): this;
  }
  export interface ServerOptions {
    maxPayload?: number;
  }
  export default WebSocket;
}
