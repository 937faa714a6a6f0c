// HTTP of realtime: POST /api/realtime/ticket (signed in) → {ticket}; the WebSocket at GET /api/realtime?token=<ticket>.
import { RealtimeTicket } from "@aacos/domain/replies";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf } from "../../platform/auth.js";
import { notFound } from "../../platform/errors.js";
import type { RealtimeHub } from "./hub.js";
import type { TicketStore } from "./tickets.js";
import { listenForUpgrades } from "./upgrade.js";

export async function realtimeRoutes(
  app: FastifyInstance,
  deps: { tickets: TicketStore; hub: RealtimeHub },
) {
  const upgrades = listenForUpgrades(app, { maxPayload: 64 * 1024 });
  await deps.hub.start();
  app.addHook("preClose", () => deps.hub.stop());

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/api/realtime/ticket",
      { onRequest: app.authenticate, schema: { response: { 200: RealtimeTicket } } },
      async (request) => {
        const principal = callerOf(request);
        const ticket = await deps.tickets.issue({
          userId: principal.user.id,
          tier: principal.tier,
          world: principal.world,
          admin: principal.roles.includes("admin"),
        });
        return { ticket };
      },
    );

  // Authenticated by the ticket, not a bearer token: a bad one closes the socket with 4401. A plain GET (no
  // upgrade) finds nothing here.
  app.get("/api/realtime", async (request, reply) => {
    const query = request.query as { token?: unknown };
    const token = typeof query.token === "string" ? query.token : "";
    if (!upgrades.take(request, reply, (socket) => deps.hub.accept(socket, token)))
      throw notFound({ subject: "route", method: request.method, url: request.url }, "Not found");
  });
}
