// Pieces every reply schema uses: ids, timestamps, pages.
import { z } from "zod";

/**
 * An ISO 8601 instant on the wire; the server may hand over a Date (written with toISOString) or the string itself.
 */
export const Timestamp = z.codec(
  z.string().meta({ format: "date-time" }),
  z.union([z.date(), z.string()]),
  {
    decode: (text) => text,
    encode: (value) => (value instanceof Date ? value.toISOString() : value),
  },
);

/** A page of a list: the items and how many there are in all. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), total: z.number() });
}

/** A whole list: `{ items }`. */
export function listOf<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item) });
}

/** One thing under its name: `replyOf("alert", AlertView)` is `{ alert }`. */
export function replyOf<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  return z.object({ [key]: item } as Record<Key, Item>);
}

/** The wire shape of a page of replies (what the web reads). */
export interface Page<Item> {
  items: Item[];
  total: number;
}

/** How one model run ended: its text or error, the tokens and time it took, when it began and ended. */
export const runOutcome = {
  output: z.string(),
  error: z.string().nullable(),
  promptTokens: z.number(),
  completionTokens: z.number(),
  durationMs: z.number(),
  createdAt: Timestamp,
  finishedAt: Timestamp.nullable(),
};

/** Tokens one answer used. */
export const Usage = z.object({ promptTokens: z.number(), completionTokens: z.number() });
export type Usage = z.input<typeof Usage>;
