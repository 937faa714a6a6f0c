// WebSocket upgrades: each one is routed through Fastify like any request (so every onRequest hook runs first: the
// visitor rate limit per address, burst detection, maintenance), then handed to `ws` and let go — nothing of the HTTP
// request (request, reply, their logger, the response object) is kept for the life of the socket. Replaces
// @fastify/websocket, whose per-socket listeners kept all of that alive (docs/decisions/232-lean-realtime-sockets.md).
import { type IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type WebSocket, WebSocketServer } from "ws";

interface Pending {
  socket: Duplex;
  head: Buffer;
  response: ServerResponse;
}

export interface WebSocketUpgrades {
  /**
   * Completes the upgrade of this request and gives the socket to `accept`; false when the request is no upgrade
   * (a plain GET), which the route then answers itself.
   */
  take(request: FastifyRequest, reply: FastifyReply, accept: (socket: WebSocket) => void): boolean;
}

function destroyOnError(this: Duplex) {
  this.destroy();
}

/** Listens for upgrades on the app's server until it closes. */
export function listenForUpgrades(
  app: FastifyInstance,
  options: { maxPayload: number },
): WebSocketUpgrades {
  // Deflate off: its zlib contexts cost tens of KB per socket, and the messages are small JSON.
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxPayload,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const pending = new WeakMap<IncomingMessage, Pending>();

  function onUpgrade(raw: IncomingMessage, socket: Duplex, head: Buffer) {
    // Node takes its own error listener off before 'upgrade': a reset while the hooks run must not throw.
    socket.on("error", destroyOnError);
    const response = new ServerResponse(raw);
    response.assignSocket(socket as Parameters<ServerResponse["assignSocket"]>[0]);
    // Answered over HTTP (refused by a hook, not found, a plain route): the connection ends with that answer.
    response.once("finish", () => socket.end());
    pending.set(raw, { socket, head, response });
    app.routing(raw, response);
  }
  app.server.on("upgrade", onUpgrade);
  app.addHook("onClose", async () => {
    app.server.off("upgrade", onUpgrade);
  });

  return {
    take(request, reply, accept) {
      const upgrade = pending.get(request.raw);
      if (upgrade === undefined) return false;
      pending.delete(request.raw);
      reply.hijack();
      const { socket, head, response } = upgrade;
      response.detachSocket(socket as Parameters<ServerResponse["detachSocket"]>[0]);
      // `ws` puts its own error listener on in handleUpgrade.
      socket.off("error", destroyOnError);
      sockets.handleUpgrade(request.raw, socket, head, accept);
      return true;
    },
  };
}
