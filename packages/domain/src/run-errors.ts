// Why a run or an answer failed, stored as a code and params beside its English text (docs/decisions/245): the
// browser shows a failed chat message or run by its code; a row stored before the code existed shows a generic text.
import { type ErrorCode, type ErrorParams, isKnownDetail } from "./errors.js";

/** Run error codes → sample params. */
const RUN_ERRORS = {
  /** The language model could not be reached. */
  provider_unreachable: {},
  /** The language model answered with an HTTP error. */
  provider_http: {},
  /** The answer stream broke off before it was finished. */
  provider_dropped: {},
  /** The language model sent something that is not its protocol. */
  provider_protocol: {},
  /** Any other failure of the language model. */
  provider_failed: {},
  /** The answer ran past the plan's processing time, `ms`. */
  timed_out: { ms: 0 },
} as const;

type Widen<T> = {
  -readonly [K in keyof T]: T[K] extends number ? number : T[K] extends string ? string : T[K];
};
export type RunErrorCode = keyof typeof RUN_ERRORS;
export type RunError = {
  [C in RunErrorCode]: { code: C; params: Widen<(typeof RUN_ERRORS)[C]> };
}[RunErrorCode];

/** A stored failure's code: a run error, or an error reply's code when a refusal ended the run. */
export type StoredError =
  | RunError
  | { [C in ErrorCode]: { code: C; params: ErrorParams<C> } }[ErrorCode];

export function isRunErrorCode(value: unknown): value is RunErrorCode {
  return typeof value === "string" && Object.hasOwn(RUN_ERRORS, value);
}

/** Every run error with sample params, for the locale test. */
export function everyRunError(): RunError[] {
  return Object.entries(RUN_ERRORS).map(
    ([code, params]) => ({ code, params: { ...params } }) as RunError,
  );
}

/** A stored code and params read back from the database: null when the row has none or one this build cannot read. */
export function storedErrorOf(code: unknown, params: unknown): StoredError | null {
  const values = typeof params === "object" && params !== null ? params : {};
  if (isRunErrorCode(code)) return { code, params: values } as RunError;
  if (isKnownDetail(code, values)) return { code, params: values } as StoredError;
  return null;
}
