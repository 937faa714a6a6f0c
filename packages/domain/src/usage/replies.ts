// Replies of usage: the caller's usage record (docs/product.md §3): calls per window, the plan's limits, when each
// window resets and the last activity.
import { z } from "zod";
import { PlanLimits } from "../plans/replies.js";
import { Timestamp } from "../replies/common.js";

/** GET /api/usage/me. */
export const UsageRecord = z.object({
  /** Calls in each rate window, and requests in flight now. */
  counts: z.object({
    minute: z.number(),
    hour: z.number(),
    day: z.number(),
    concurrent: z.number(),
  }),
  limits: PlanLimits,
  resets: z.object({ minute: Timestamp, hour: Timestamp, day: Timestamp }),
  lastActivity: Timestamp.nullable(),
});
export type UsageRecord = z.input<typeof UsageRecord>;
