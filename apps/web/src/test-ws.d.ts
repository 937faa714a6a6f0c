// The slice of the `ws` package (installed with @fastify/websocket, without types here) that tests use: a local
// WebSocket server and the browser-compatible client.
declare module "ws" {
  import type { IncomingMessage } from "node:http";
  import type { AddressInfo } from "node:net";

  export class WebSocket {
    constructor(url: string);
    send(data: string): void;
    close(code?: number, reason?: string): void;
    terminate(): void;
    on(event: "message", listener: (data: unknown) => void): this;
  }

  export class WebSocketServer {
    constructor(options: { port: number; host?: string });
    readonly clients: Set<WebSocket>;
    address(): AddressInfo | string;
    once(event: "listening", listener: () => void): this;
    on(event: "connection", listener: (socket: WebSocket, request: IncomingMessage) => void): this;
    close(callback?: () => void): void;
  }
}
