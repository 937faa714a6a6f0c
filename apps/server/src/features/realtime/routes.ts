// HTTP of realtime: POST /api/realtime/ticket (signed in) → {ticket}; the WebSocket at GET /api/realtime?token=<ticket>.
import websocket from "@fastify/websocket";
import type { FastifyInstance } from "fastify";
import { unauthorized } from "../../platform/errors.js";
import type { RealtimeHub } from "./hub.js";
import type { TicketStore } from "./tickets.js";

export async function realtimeRoutes(
  app: FastifyInstance,
  deps: { tickets: TicketStore; hub: RealtimeHub },
) {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await deps.hub.start();
  app.addHook("preClose", () => deps.hub.stop());

  app.post("/api/realtime/ticket", { onRequest: app.authenticate }, async (request) => {
    const principal = request.principal;
    if (principal === null) throw unauthorized();
    const ticket = await deps.tickets.issue({
      userId: principal.user.id,
      tier: principal.tier,
      world: principal.world,
      admin: principal.roles.includes("admin"),
    });
    return { ticket };
  });

  // Authenticated by the ticket, not a bearer token: a bad one closes the socket with 4401.
  app.get("/api/realtime", { websocket: true }, (socket, request) => {
    const query = request.query as { token?: unknown };
    deps.hub.accept(socket, typeof query.token === "string" ? query.token : "");
  });
}
