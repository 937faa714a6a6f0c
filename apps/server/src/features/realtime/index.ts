// Public API of realtime: the ticket store, the connection counter, the socket hub and their route.
export { createAdminCheck } from "./admins.js";
export { type ConnectionCounter, createConnectionCounter } from "./connections.js";
export {
  ACCESS_CHANGED_REASON,
  CLOSE_ACCESS_CHANGED,
  CLOSE_INVALID_TICKET,
  CLOSE_TOO_MANY,
  createRealtimeHub,
  HEARTBEAT_MS,
  type RealtimeHub,
} from "./hub.js";
export { realtimeRoutes } from "./routes.js";
export {
  createTicketStore,
  TICKET_TTL_MS,
  type TicketHolder,
  type TicketStore,
} from "./tickets.js";
