// How autonomous control reads its rows and messages: a cron expression in its time zone, a stored status, trigger
// and detail, the execution's view, a signal off the bus, and why a run stopped.

import {
  AUTONOMOUS_MESSAGES,
  EXECUTION_STATUSES,
  type ExecutionStatus,
  type ExecutionTrigger,
  type ExecutionView,
} from "@aacos/domain/autonomous";
import { fieldFailure, type StoredError, storedErrorOf } from "@aacos/domain/errors";
import type { SignalSeverity } from "@aacos/domain/validation";
import { Cron } from "croner";
import { validationFailed } from "../../platform/errors.js";
import type { RealtimeEnvelope } from "../../platform/realtime-bus.js";
import { JobAborted } from "../jobs/index.js";
import type { ExecutionRow } from "./context.js";
import { EXECUTION_FAILURES, type ExecutionFailure, failureOf } from "./execution-errors.js";

/** The cron expression read in its time zone; a field message when croner cannot read it. */
export function parseCron(cron: string, timeZone: string): Cron {
  try {
    return new Cron(cron, { timezone: timeZone, paused: true });
  } catch {
    throw validationFailed({ cron: fieldFailure(AUTONOMOUS_MESSAGES.cronInvalid, "cron_invalid") });
  }
}

export function nextRunsOf(cron: string, timeZone: string, after: Date, count: number): Date[] {
  const runs = parseCron(cron, timeZone).nextRuns(count, after);
  if (runs.length === 0)
    throw validationFailed({
      cron: fieldFailure(AUTONOMOUS_MESSAGES.cronNeverRuns, "cron_never_runs"),
    });
  return runs;
}

export function severityOf(value: string): SignalSeverity {
  return value === "warning" || value === "critical" ? value : "info";
}

export function statusOf(value: string): ExecutionStatus {
  return (EXECUTION_STATUSES as readonly string[]).includes(value)
    ? (value as ExecutionStatus)
    : "failed";
}

export function triggerOf(value: string): ExecutionTrigger {
  return value === "schedule" || value === "signal" ? value : "manual";
}

export interface Detail {
  entityNames: string[];
  prompt: string;
  signalId?: number;
}

export function detailOf(value: unknown): Detail {
  const record = (typeof value === "object" && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const names = Array.isArray(record.entityNames)
    ? record.entityNames.filter((name): name is string => typeof name === "string")
    : [];
  return {
    entityNames: names,
    prompt: typeof record.prompt === "string" ? record.prompt : "",
    ...(typeof record.signalId === "number" ? { signalId: record.signalId } : {}),
  };
}

export function executionView(row: ExecutionRow, ruleName: string): ExecutionView {
  return {
    id: row.id,
    ruleId: row.ruleId,
    ruleName,
    trigger: triggerOf(row.trigger),
    dueAt: row.dueAt.toISOString(),
    status: statusOf(row.status),
    tokens: row.tokens,
    durationMs: row.durationMs,
    error: row.error,
    errorCode: storedErrorOf(row.errorCode, row.errorParams),
    detail: detailOf(row.detail),
    commandId: row.commandId,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A signal as the bus carries it, or null when the message is something else. */
export function signalOf(envelope: RealtimeEnvelope) {
  const raw = envelope.message.signal;
  if (envelope.message.type !== "signal" || typeof raw !== "object" || raw === null) return null;
  const signal = raw as Record<string, unknown>;
  if (typeof signal.id !== "number" || typeof signal.kind !== "string") return null;
  const data = (
    typeof signal.data === "object" && signal.data !== null ? signal.data : {}
  ) as Record<string, unknown>;
  return {
    id: signal.id,
    kind: signal.kind,
    source: typeof signal.source === "string" ? signal.source : "",
    severity: severityOf(String(signal.severity)),
    data,
  };
}

/** Why a run was stopped (the abort reason); a runner's own cancel reads as the kill switch. */
export class Killed extends Error {
  constructor(readonly failure: ExecutionFailure) {
    super(failure.error);
  }
}
/** The run reached its rule's tokens per day. */
export class BudgetReached extends Killed {}

export function stopReason(signal: AbortSignal): ExecutionFailure {
  const reason: unknown = signal.reason;
  if (reason instanceof Killed) return reason.failure;
  if (reason instanceof JobAborted && reason.kind === "timeout") return EXECUTION_FAILURES.tooLong;
  if (reason instanceof JobAborted && reason.kind === "shutdown")
    return EXECUTION_FAILURES.shutdown;
  return EXECUTION_FAILURES.killSwitchOn;
}

/** A failed command run's reason (its answer's code, or the command's own) as the execution's failure. */
export function runFailure(run: {
  error: string | null;
  errorCode: StoredError | null;
}): ExecutionFailure {
  const error = run.error ?? "The command did not finish";
  return run.errorCode === null
    ? EXECUTION_FAILURES.commandFailed(error)
    : failureOf(error, run.errorCode);
}
