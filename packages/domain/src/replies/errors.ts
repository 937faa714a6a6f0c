// The shape of every error reply: a code, an English message, and for invalid input the fields at fault. Refusals
// over a plan limit add top-level fields (retryAfter, suggestedTier, upgradeUrl, reason).
import { z } from "zod";

export const ErrorReply = z.looseObject({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorReply = z.infer<typeof ErrorReply>;
