// Replies of batches: each sub-request's status and its body as that route answered it (passed through whole).
import { z } from "zod";

export const SubResponse = z.object({ status: z.number(), body: z.unknown() });
export type SubResponse = z.input<typeof SubResponse>;
/** POST /api/batch: the sub-requests' answers, in the order asked. */
export const BatchResponses = z.object({ responses: z.array(SubResponse) });
export type BatchResponses = z.input<typeof BatchResponses>;
