// Pieces every reply schema uses: ids, timestamps, pages.
import { z } from "zod";

/** An ISO 8601 instant, as Date.toISOString() writes it. */
export const Timestamp = z.string().meta({ format: "date-time" });

/** A page of a list: the items and how many there are in all. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), total: z.number() });
}

/** Tokens one answer used. */
export const Usage = z.object({ promptTokens: z.number(), completionTokens: z.number() });
export type Usage = z.infer<typeof Usage>;
