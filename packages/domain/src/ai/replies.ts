// Replies of the AI gateway: today's AI-token allowance.
import { z } from "zod";
import { Timestamp } from "../replies/common.js";

/** GET /api/ai/allowance: tokens used today, the plan's daily limit (−1 unlimited), when the day resets (UTC). */
export const AiAllowance = z.object({ used: z.number(), limit: z.number(), resetsAt: Timestamp });
export type AiAllowance = z.input<typeof AiAllowance>;
