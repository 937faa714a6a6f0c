// Why a run or an answer failed, stored as a code and params beside its English text (docs/decisions/245): the
// browser shows a failed chat message or run by its code; a row stored before the code existed shows a generic text.
import type { Widen } from "./code-params.js";
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
  /** A background run or sync cancelled before it finished. */
  cancelled: {},
  /** A sync stopped before it finished (cancelled, or its instance shut down). */
  sync_stopped: {},
  /** The run or sync could not be handed to the job runner. */
  not_queued: {},
  /** The entity of a background run could not be read or answer (not one of the error union's refusals). */
  entity_cannot_run: {},
  /** The universe a sync was queued for is gone. */
  universe_gone: {},
  /** A sync that could not check or re-index some of a universe's entities and knowledge files, named in `items`. */
  sync_problems: { items: "" },
  /** Autonomous: the kill switch stopped the run. */
  kill_switch_on: {},
  /** Autonomous: the rule was turned off before the run began or while it ran. */
  rule_disabled: {},
  /** Autonomous: the rule's runs per hour, `n`, were used up. */
  budget_runs: { n: 0 },
  /** Autonomous: the rule's tokens per day, `n`, were used up. */
  budget_tokens: { n: 0 },
  /** Autonomous: the run was stopped where it reached the rule's tokens per day, `n`. */
  budget_reached: { n: 0 },
  /** The instance running it (an autonomous run, a streamed answer) stopped renewing its lease. */
  owner_lost: {},
  /** Autonomous: the run's job never reached the job runner, or left it without starting. */
  lost_in_queue: {},
  /** Autonomous: the server stopped during the run. */
  shutdown: {},
  /** Autonomous: the run outlived its job's time-out. */
  too_long: {},
  /** Autonomous: one of the rule's entities could not be read. */
  entity_unreadable: {},
  /** Autonomous: the command failed without an answer's own reason. */
  command_failed: {},
} as const;

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
