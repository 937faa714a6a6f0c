// Replies of realtime: the single-use ticket that opens the WebSocket (the socket itself has no reply schema).
import { z } from "zod";

export const RealtimeTicket = z.object({ ticket: z.string() });
export type RealtimeTicket = z.input<typeof RealtimeTicket>;
