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

/** A page of a list: the items and how many there are in all. The web reads it as `PageOf<typeof Item>`. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), total: z.number() });
}
export type PageOf<Item extends z.ZodType> = z.input<ReturnType<typeof pageOf<Item>>>;

/**
 * A numbered page of a list: the items, how many there are in all, and which page of what size it is. The web reads
 * it as `NumberedPageOf<typeof Item>`.
 */
export function numberedPageOf<Item extends z.ZodType>(item: Item) {
  return pageOf(item).extend({ page: z.number(), pageSize: z.number() });
}
export type NumberedPageOf<Item extends z.ZodType> = z.input<
  ReturnType<typeof numberedPageOf<Item>>
>;

/** A whole list: `{ items }`. A route declares `listOf(AlertView)`; the web reads `ListOf<typeof AlertView>`. */
export function listOf<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item) });
}
export type ListOf<Item extends z.ZodType> = z.input<ReturnType<typeof listOf<Item>>>;

/**
 * One thing under its name: `replyOf("alert", AlertView)` is `{ alert }`, which the web reads as
 * `ReplyOf<"alert", typeof AlertView>`.
 */
export function replyOf<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  return z.object({ [key]: item } as Record<Key, Item>);
}
export type ReplyOf<Key extends string, Item extends z.ZodType> = z.input<
  ReturnType<typeof replyOf<Key, Item>>
>;

/**
 * Why a stored run, answer or execution failed, as a code and params (packages/domain/src/run-errors.ts or the error
 * union), what the browser shows; null when it did not fail, or failed before codes were stored (decisions 245, 300).
 */
export const StoredErrorCode = z
  .object({ code: z.string(), params: z.record(z.string(), z.unknown()) })
  .nullable();

/** Why a run, answer or execution failed: in English (for integrators) and as a code, what the browser shows. */
export const failure = {
  error: z.string().nullable(),
  /** The same as a code and params, what the browser shows (docs/decisions/300-run-and-execution-error-codes.md). */
  errorCode: StoredErrorCode,
};

/** The tokens of a prompt and of its answer. */
export const tokenUse = { promptTokens: z.number(), completionTokens: z.number() };

/** How one model run ended: its text or error, the tokens and time it took, when it began and ended. */
export const runOutcome = {
  output: z.string(),
  ...failure,
  ...tokenUse,
  durationMs: z.number(),
  createdAt: Timestamp,
  finishedAt: Timestamp.nullable(),
};

/** Tokens one answer used. */
export const Usage = z.object(tokenUse);
export type Usage = z.input<typeof Usage>;
