// Replies of autonomous control: rules (with their next runs, budget use and last execution), executions, the
// instance-wide kill switch and a cron preview.
import { z } from "zod";
import { failure, Timestamp } from "../replies/common.js";
import { stamped } from "../replies/fields.js";
import { SIGNAL_SEVERITIES } from "../signals/requests.js";
import { AUTONOMOUS_TRIGGERS, EXECUTION_STATUSES, EXECUTION_TRIGGERS } from "./index.js";

export const AutonomousRuleView = z.object({
  id: z.string(),
  name: z.string(),
  entityIds: z.array(z.string()),
  prompt: z.string(),
  trigger: z.enum(AUTONOMOUS_TRIGGERS),
  cron: z.string(),
  timeZone: z.string(),
  signalKind: z.string(),
  signalSource: z.string(),
  signalMinSeverity: z.enum(SIGNAL_SEVERITIES),
  maxRunsPerHour: z.number(),
  maxTokensPerDay: z.number(),
  dryRun: z.boolean(),
  enabled: z.boolean(),
  /** Schedule rules: the next three due times (ISO); empty for signal rules. */
  nextRuns: z.array(Timestamp),
  usage: z.object({ runsLastHour: z.number(), tokensLastDay: z.number() }),
  lastExecution: z.object({ status: z.enum(EXECUTION_STATUSES), createdAt: Timestamp }).nullable(),
  ...stamped,
});
export type AutonomousRuleView = z.input<typeof AutonomousRuleView>;

export const ExecutionView = z.object({
  id: z.string(),
  ruleId: z.string(),
  ruleName: z.string(),
  trigger: z.enum(EXECUTION_TRIGGERS),
  /** The due time of a scheduled run, or when a signal or "run now" fired it. */
  dueAt: Timestamp,
  status: z.enum(EXECUTION_STATUSES),
  tokens: z.number(),
  durationMs: z.number(),
  ...failure,
  /** For dry runs and real ones: the command as sent (entity names and prompt). */
  detail: z.object({
    entityNames: z.array(z.string()),
    prompt: z.string(),
    signalId: z.number().optional(),
  }),
  commandId: z.string().nullable(),
  createdAt: Timestamp,
  finishedAt: Timestamp.nullable(),
});
export type ExecutionView = z.input<typeof ExecutionView>;

export const KillSwitchView = z.object({
  engaged: z.boolean(),
  changedAt: Timestamp.nullable(),
  /** The id of the account that turned it. */
  changedBy: z.string().nullable(),
});
export type KillSwitchView = z.input<typeof KillSwitchView>;

export const CronPreview = z.object({ nextRuns: z.array(Timestamp) });
export type CronPreview = z.input<typeof CronPreview>;
