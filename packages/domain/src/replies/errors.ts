// The shape of every error reply: a code from the union (../errors.ts) with its params, an English message, and for
// invalid input the fields at fault. Refusals over a plan limit add top-level fields (retryAfter, suggestedTier,
// upgradeUrl, reason).
import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "../errors.js";

export const ErrorReply = z.looseObject({
  error: z.object({
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    params: z.record(z.string(), z.unknown()).optional(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorReply = z.infer<typeof ErrorReply>;
