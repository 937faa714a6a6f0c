// The realtime WebSocket's topics and the messages a client may send on it (docs/decisions/070-signals.md).

import { z } from "zod";
import { SignalId } from "../signals/requests.js";
import { MESSAGES } from "../validation/messages.js";

/** What a realtime socket can subscribe to. */
export const REALTIME_TOPICS = ["signals", "alerts", "metrics", "runs"] as const;
export type RealtimeTopic = (typeof REALTIME_TOPICS)[number];

const Topics = z
  .array(z.enum(REALTIME_TOPICS, { error: MESSAGES.invalidFormat }))
  .min(1, MESSAGES.required)
  .max(REALTIME_TOPICS.length);

/** What a client may send on the realtime socket. */
export const RealtimeClientMessage = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("subscribe"),
    topics: Topics,
    /** Signals newer than this id are replayed from the database before live ones. */
    lastSignalId: SignalId.optional(),
  }),
  z.object({ type: z.literal("unsubscribe"), topics: Topics }),
  z.object({ type: z.literal("ping") }),
]);
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessage>;
