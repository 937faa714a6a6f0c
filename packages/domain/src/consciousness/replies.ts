// Replies of consciousness: the three values with the target level, a new target level, the history.
import { z } from "zod";
import { listOf, Timestamp } from "../replies/common.js";

export const ConsciousnessState = z.object({
  awareness: z.number(),
  integration: z.number(),
  harmony: z.number(),
  targetLevel: z.number(),
});
export type ConsciousnessState = z.input<typeof ConsciousnessState>;

export const ConsciousnessLevelReply = z.object({ targetLevel: z.number() });
export type ConsciousnessLevelReply = z.input<typeof ConsciousnessLevelReply>;

export const ConsciousnessHistoryRow = ConsciousnessState.extend({ createdAt: Timestamp });
export type ConsciousnessHistoryRow = z.input<typeof ConsciousnessHistoryRow>;

/** Newest first. */
export const ConsciousnessHistory = listOf(ConsciousnessHistoryRow);
export type ConsciousnessHistory = z.input<typeof ConsciousnessHistory>;
