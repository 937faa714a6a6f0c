// The shape of every error reply: a code from the union (../errors.ts) with its params, an English message, and for
// invalid input the fields at fault (English texts, and their codes). Refusals over a plan limit add top-level fields (retryAfter, suggestedTier,
// upgradeUrl, reason).
import { z } from "zod";
import { ERROR_CODES, type ErrorCode, FIELD_CODE_LIST, type FieldCode } from "../errors.js";

export const ErrorReply = z.looseObject({
  error: z.object({
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    params: z.record(z.string(), z.unknown()).optional(),
    /** Each field's message in English, for integrators. */
    fields: z.record(z.string(), z.string()).optional(),
    /** The same fields as codes with params (docs/decisions/244-field-error-codes.md). */
    fieldCodes: z
      .record(
        z.string(),
        z.object({
          code: z.enum(FIELD_CODE_LIST as [FieldCode, ...FieldCode[]]),
          params: z.record(z.string(), z.unknown()),
        }),
      )
      .optional(),
  }),
});
export type ErrorReply = z.infer<typeof ErrorReply>;
