// Replies of the signal hub: one signal, a page of them by cursor.
import { z } from "zod";
import { Timestamp } from "../replies/common.js";

export const SignalView = z.object({
  id: z.number(),
  kind: z.string(),
  source: z.string(),
  /** info, warning or critical (validation/signals.ts); typed as text so an older row never fails a whole page. */
  severity: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: Timestamp,
});
export type SignalView = z.input<typeof SignalView>;

/** Newest first; pass `nextCursor` as `after` for the next (older) page, null at the end. */
export const SignalPage = z.object({
  items: z.array(SignalView),
  nextCursor: z.number().nullable(),
});
export type SignalPage = z.input<typeof SignalPage>;
