// Why an execution ended other than as planned: its English text (integrators, logs) and the same as a code and
// params, what the browser shows (docs/decisions/300-run-and-execution-error-codes.md).
import { AUTONOMOUS_MESSAGES, EXECUTION_MESSAGES } from "@aacos/domain/autonomous";
import type { StoredError } from "@aacos/domain/errors";
import type { AppError } from "../../platform/errors.js";

/** The execution columns a failure sets; spread into an update. */
export interface ExecutionFailure {
  error: string;
  errorCode: StoredError["code"];
  errorParams: Record<string, unknown>;
}

/** No failure: the columns cleared. */
export const NO_FAILURE = { error: null, errorCode: null, errorParams: null } as const;

export function failureOf(error: string, stored: StoredError): ExecutionFailure {
  return { error, errorCode: stored.code, errorParams: stored.params };
}

/** A refusal of the error union (a paused or missing entity, a limit) as the execution's failure. */
export function appFailure(error: AppError): ExecutionFailure {
  return { error: error.message, errorCode: error.code, errorParams: error.params ?? {} };
}

export const EXECUTION_FAILURES = {
  killSwitchOn: failureOf(AUTONOMOUS_MESSAGES.killSwitchOn, { code: "kill_switch_on", params: {} }),
  ruleDisabled: failureOf(AUTONOMOUS_MESSAGES.ruleDisabled, { code: "rule_disabled", params: {} }),
  ownerLost: failureOf(EXECUTION_MESSAGES.ownerLost, { code: "owner_lost", params: {} }),
  lostInQueue: failureOf(EXECUTION_MESSAGES.lostInQueue, { code: "lost_in_queue", params: {} }),
  shutdown: failureOf(EXECUTION_MESSAGES.shutdown, { code: "shutdown", params: {} }),
  tooLong: failureOf(EXECUTION_MESSAGES.tooLong, { code: "too_long", params: {} }),
  entityUnreadable: failureOf("An entity could not be read", {
    code: "entity_unreadable",
    params: {},
  }),
  commandFailed: (error: string) => failureOf(error, { code: "command_failed", params: {} }),
  budgetRuns: (n: number) =>
    failureOf(EXECUTION_MESSAGES.budgetRuns(n), { code: "budget_runs", params: { n } }),
  budgetTokens: (n: number) =>
    failureOf(EXECUTION_MESSAGES.budgetTokens(n), { code: "budget_tokens", params: { n } }),
  budgetReached: (n: number) =>
    failureOf(EXECUTION_MESSAGES.budgetReached(n), { code: "budget_reached", params: { n } }),
} as const;
