// Types for the part of the `ws` package realtime uses (the server socket and the test client, the bench's bare server): @types/ws is not
// installed.
declare module "ws" {
  import type { EventEmitter } from "node:events";

  export type RawData = Buffer | ArrayBuffer | Buffer[];

  export class WebSocket extends EventEmitter {
    static readonly OPEN: 1;
    readonly OPEN: 1;
    readonly readyState: 0 | 1 | 2 | 3;
    constructor(address: string, options?: object);
    /** A Buffer goes out as it is (a text frame with `binary: false`): one serialised message for many sockets. */
    send(data: string | Buffer, options?: { binary?: boolean }): void;
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
    /** The server answered the upgrade over HTTP (a refusal): the test client reads the status. */
    once(
      event: "unexpected-response",
      listener: (
        request: import("node:http").ClientRequest,
        response: import("node:http").IncomingMessage,
      ) => void,
    ): this;
  }
  export class Server extends EventEmitter {}
  /** The product's upgrade handler (noServer) and the bench's bare baseline (a port of its own). */
  export class WebSocketServer extends EventEmitter {
    constructor(
      options:
        | { port: number; host?: string }
        | {
            noServer: true;
            maxPayload?: number;
            perMessageDeflate?: boolean;
            clientTracking?: boolean;
          },
    );
    handleUpgrade(
      request: import("node:http").IncomingMessage,
      socket: import("node:stream").Duplex,
      head: Buffer,
      callback: (socket: WebSocket) => void,
    ): void;
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
