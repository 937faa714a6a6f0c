// Autonomous control (docs/decisions/095-autonomous-control.md): rules that send a prompt to entities on a cron
// schedule or on a matching signal, their budgets, the kill switch, and the shapes of the API. Browser and server
// both validate with these schemas; the server also parses the cron expression in full (croner).

import { z } from "zod";
import { plural } from "../catalog/effective-limits.js";
import { MAX_COMMAND_ENTITIES } from "../commands/requests.js";
import { fieldIssue } from "../field-errors.js";
import { SIGNAL_SEVERITIES, type SignalSeverity } from "../signals/requests.js";
import { MESSAGES } from "../validation/messages.js";
import { entityIdList, pageFields, requiredText, Uuid } from "../validation/rules.js";

export const AUTONOMOUS_TRIGGERS = ["schedule", "signal"] as const;
export type AutonomousTrigger = (typeof AUTONOMOUS_TRIGGERS)[number];

/** What started an execution: the rule's own trigger, or someone's "run now". */
export const EXECUTION_TRIGGERS = ["schedule", "signal", "manual"] as const;
export type ExecutionTrigger = (typeof EXECUTION_TRIGGERS)[number];

export const EXECUTION_STATUSES = [
  "queued",
  "running",
  "succeeded",
  "failed",
  "skipped_budget",
  "stopped_budget",
  "dry_run",
  "killed",
] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

/** Statuses that count against maxRunsPerHour (a dry run shows what would have happened, so it counts too). */
export const COUNTED_STATUSES: readonly ExecutionStatus[] = [
  "running",
  "succeeded",
  "failed",
  "stopped_budget",
  "killed",
  "dry_run",
];

export const BUDGET_LIMITS = {
  runsPerHour: { min: 1, max: 60 },
  tokensPerDay: { min: 1, max: 1_000_000 },
} as const;

/** The feature's messages in English (the API's language); the web app translates them by key. */
export const AUTONOMOUS_MESSAGES = {
  cronFields: "Use five fields: minute, hour, day of month, month, day of week",
  cronInvalid: "This cron expression cannot be read",
  cronNeverRuns: "This cron expression never runs",
  timeZone: "Unknown time zone",
  runsPerHour: `Runs per hour must be a whole number from ${BUDGET_LIMITS.runsPerHour.min} to ${BUDGET_LIMITS.runsPerHour.max}`,
  tokensPerDay: `Tokens per day must be a whole number from ${BUDGET_LIMITS.tokensPerDay.min} to ${BUDGET_LIMITS.tokensPerDay.max}`,
  entitiesTooMany: `At most ${MAX_COMMAND_ENTITIES} entities per rule`,
  entityNotFound: "One of these entities does not exist or is not yours",
  killSwitchOn: "The kill switch is on: autonomous runs are stopped",
  ruleDisabled: "This rule is turned off",
} as const;

/** How an execution ended, when not as planned (the history's error column). */
export const EXECUTION_MESSAGES = {
  budgetRuns: (n: number) => `Budget used up: ${n} ${plural(n, "run", "runs")} per hour`,
  budgetTokens: (n: number) => `Budget used up: ${n} ${plural(n, "token", "tokens")} per day`,
  /** A run that reached the rule's tokens per day while it ran, and was stopped there. */
  budgetReached: (n: number) =>
    `Stopped at the budget: ${n} ${plural(n, "token", "tokens")} per day`,
  /** A run whose instance stopped renewing its lease (it crashed or lost the database). */
  ownerLost: "The server running it stopped before it finished",
  /** A run whose job never reached the job runner, or left it without starting (a crash, a dropped job). */
  lostInQueue: "The run was lost before it started",
  shutdown: "The server stopped during the run",
  tooLong: "The run took too long",
} as const;

/** A time zone the runtime's Intl knows (IANA names such as Asia/Jerusalem, or UTC). */
export function isTimeZone(value: string): boolean {
  if (value.trim() === "" || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const CRON_FIELD = /^[0-9A-Za-z*?,/#\-LW]+$/;

/** Shape only (five fields of cron characters); the server parses the expression in full. */
export function hasCronShape(value: string): boolean {
  const fields = value.trim().split(/\s+/);
  return fields.length === 5 && fields.every((field) => CRON_FIELD.test(field));
}

const Word = z
  .string({ error: MESSAGES.invalidFormat })
  .trim()
  .max(40, MESSAGES.maxLength(40))
  .regex(/^[a-z0-9][a-z0-9._-]*$/i, MESSAGES.invalidFormat);

// No .int(): its failure would stop the trigger checks below, and every field's message should show at once.
const wholeNumber = (
  limits: { min: number; max: number },
  message: string,
  code: "runs_per_hour" | "tokens_per_day",
) =>
  z
    .number({ error: message })
    .refine(
      (value) => Number.isInteger(value) && value >= limits.min && value <= limits.max,
      fieldIssue(message, code, limits),
    );

/** The trigger-dependent checks run whenever the trigger itself is readable, so every field message shows at once. */
function hasTrigger(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const trigger = (value as { trigger?: unknown }).trigger;
  return trigger === "schedule" || trigger === "signal";
}

const RuleFields = z.object({
  name: requiredText(100),
  entityIds: entityIdList(
    MAX_COMMAND_ENTITIES,
    AUTONOMOUS_MESSAGES.entitiesTooMany,
    MESSAGES.required,
  ),
  prompt: requiredText(),
  trigger: z.enum(AUTONOMOUS_TRIGGERS, { error: MESSAGES.invalidFormat }),
  /** Schedule rules: five-field cron, read in `timeZone`. */
  cron: z.string({ error: MESSAGES.invalidFormat }).trim().max(120, MESSAGES.maxLength(120)),
  timeZone: z.string({ error: MESSAGES.invalidFormat }).trim().max(64, MESSAGES.maxLength(64)),
  /** Signal rules: the signal kind to watch (required), its source (optional), the lowest severity. */
  signalKind: z.union([Word, z.literal("")]),
  signalSource: z.union([Word, z.literal("")]),
  signalMinSeverity: z.enum(SIGNAL_SEVERITIES, { error: MESSAGES.invalidFormat }),
  maxRunsPerHour: wholeNumber(
    BUDGET_LIMITS.runsPerHour,
    AUTONOMOUS_MESSAGES.runsPerHour,
    "runs_per_hour",
  ),
  maxTokensPerDay: wholeNumber(
    BUDGET_LIMITS.tokensPerDay,
    AUTONOMOUS_MESSAGES.tokensPerDay,
    "tokens_per_day",
  ),
  /** Records what would have run; no AI call, no tokens. */
  dryRun: z.boolean({ error: MESSAGES.invalidFormat }),
  /** The rule's own kill switch. */
  enabled: z.boolean({ error: MESSAGES.invalidFormat }),
});

/**
 * A schedule's cron (five fields) and time zone (one the runtime knows), each where given: the rule body's check and
 * the cron preview's.
 */
function checkSchedule(
  context: z.RefinementCtx,
  cron: string | null,
  timeZone: string | null,
): void {
  if (cron !== null && !hasCronShape(cron)) {
    context.addIssue({
      code: "custom",
      path: ["cron"],
      ...fieldIssue(AUTONOMOUS_MESSAGES.cronFields, "cron_fields"),
    });
  }
  if (timeZone !== null && !isTimeZone(timeZone)) {
    context.addIssue({
      code: "custom",
      path: ["timeZone"],
      ...fieldIssue(AUTONOMOUS_MESSAGES.timeZone, "time_zone"),
    });
  }
}

/** POST and PUT /api/autonomous/rules[/:id]: the whole rule; fields of the other trigger may be left empty. */
export const AutonomousRuleBody = RuleFields.extend({
  cron: RuleFields.shape.cron.default(""),
  timeZone: RuleFields.shape.timeZone.default("UTC"),
  signalKind: RuleFields.shape.signalKind.default(""),
  signalSource: RuleFields.shape.signalSource.default(""),
  signalMinSeverity: RuleFields.shape.signalMinSeverity.default("info"),
  dryRun: RuleFields.shape.dryRun.default(false),
  enabled: RuleFields.shape.enabled.default(true),
}).superRefine(
  (rule, context) => {
    // Runs even when other fields failed (see `when`), so each value is checked for its type first.
    const text = (value: unknown) => (typeof value === "string" ? value : null);
    if (rule.trigger === "schedule") {
      const cron = text(rule.cron);
      if (cron === "") {
        context.addIssue({
          code: "custom",
          path: ["cron"],
          ...fieldIssue(MESSAGES.required, "required"),
        });
      }
      checkSchedule(context, cron === "" ? null : cron, text(rule.timeZone));
    } else if (text(rule.signalKind) === "") {
      context.addIssue({
        code: "custom",
        path: ["signalKind"],
        ...fieldIssue(MESSAGES.required, "required"),
      });
    }
  },
  { when: (payload) => hasTrigger(payload.value) },
);
export type AutonomousRuleBody = z.infer<typeof AutonomousRuleBody>;

export const AutonomousIdParams = z.object({ id: Uuid });
export type AutonomousIdParams = z.infer<typeof AutonomousIdParams>;

export const KillSwitchBody = z.object({
  engaged: z.boolean({ error: MESSAGES.required }),
});
export type KillSwitchBody = z.infer<typeof KillSwitchBody>;

export const ExecutionHistoryQuery = z.object({
  ruleId: Uuid.optional(),
  ...pageFields,
});
export type ExecutionHistoryQuery = z.infer<typeof ExecutionHistoryQuery>;

/** GET /api/autonomous/cron-preview: the next run times of an expression, before it is saved. */
export const CronPreviewQuery = z
  .object({
    cron: z.string({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(120),
    timeZone: z.string({ error: MESSAGES.required }).trim().max(64).default("UTC"),
    count: z.coerce.number({ error: MESSAGES.invalidFormat }).int().min(1).max(10).default(3),
  })
  .superRefine((query, context) => checkSchedule(context, query.cron, query.timeZone));
export type CronPreviewQuery = z.infer<typeof CronPreviewQuery>;

const SEVERITY_RANK: Record<SignalSeverity, number> = { info: 0, warning: 1, critical: 2 };

/** Whether a signal passes a rule's filter: same kind, same source when one is set, at least the severity. */
export function signalMatches(
  filter: { signalKind: string; signalSource: string; signalMinSeverity: SignalSeverity },
  signal: { kind: string; source: string; severity: SignalSeverity },
): boolean {
  if (filter.signalKind === "" || signal.kind !== filter.signalKind) return false;
  if (filter.signalSource !== "" && signal.source !== filter.signalSource) return false;
  return SEVERITY_RANK[signal.severity] >= SEVERITY_RANK[filter.signalMinSeverity];
}

export type BudgetVerdict = "ok" | "runs" | "tokens";

/** Rolling windows: the last 60 minutes for runs, the last 24 hours for tokens (decision 096). */
export function budgetVerdict(
  rule: { maxRunsPerHour: number; maxTokensPerDay: number },
  used: { runsLastHour: number; tokensLastDay: number },
): BudgetVerdict {
  if (used.runsLastHour >= rule.maxRunsPerHour) return "runs";
  if (used.tokensLastDay >= rule.maxTokensPerDay) return "tokens";
  return "ok";
}

// The API's answers (replies/autonomous.ts).
export type { AutonomousRuleView, ExecutionView, KillSwitchView } from "./replies.js";
