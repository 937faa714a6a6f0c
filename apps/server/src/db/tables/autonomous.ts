// Tables of the autonomous feature.
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { cascadeRef, createdAt, timestampTz, updatedAt, uuidId } from "./columns.js";
import { users } from "./users.js";

/** Rules that send a prompt to the owner's entities on a cron schedule or on a matching signal. */
export const autonomousRules = pg.pgTable(
  "autonomous_rules",
  {
    id: uuidId(),
    userId: cascadeRef("user_id", () => users.id),
    name: pg.text("name").notNull(),
    entityIds: pg.uuid("entity_ids").array().notNull(),
    prompt: pg.text("prompt").notNull(),
    /** schedule or signal */
    trigger: pg.text("trigger").notNull(),
    cron: pg.text("cron").notNull().default(""),
    timeZone: pg.text("time_zone").notNull().default("UTC"),
    signalKind: pg.text("signal_kind").notNull().default(""),
    signalSource: pg.text("signal_source").notNull().default(""),
    signalMinSeverity: pg.text("signal_min_severity").notNull().default("info"),
    maxRunsPerHour: pg.integer("max_runs_per_hour").notNull(),
    maxTokensPerDay: pg.integer("max_tokens_per_day").notNull(),
    dryRun: pg.boolean("dry_run").notNull().default(false),
    enabled: pg.boolean("enabled").notNull().default(true),
    /** Schedule rules: the next due time the tick looks for (null when off or a signal rule). */
    nextDueAt: timestampTz("next_due_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    pg.index("autonomous_rules_user").on(table.userId),
    pg.index("autonomous_rules_due").on(table.nextDueAt),
  ],
);

/**
 * Every firing of a rule. `slot` (`schedule:<due ISO>`, `signal:<id>`, `manual:<uuid>`) is unique per rule: the
 * instance whose insert wins runs it, so a due time fires once however many instances tick.
 */
export const autonomousExecutions = pg.pgTable(
  "autonomous_executions",
  {
    id: uuidId(),
    ruleId: cascadeRef("rule_id", () => autonomousRules.id),
    userId: cascadeRef("user_id", () => users.id),
    slot: pg.text("slot").notNull(),
    /** schedule, signal or manual */
    trigger: pg.text("trigger").notNull(),
    dueAt: timestampTz("due_at").notNull(),
    signalId: pg.bigint("signal_id", { mode: "number" }),
    /** queued, running, succeeded, failed, skipped_budget, stopped_budget, dry_run, killed */
    status: pg.text("status").notNull(),
    jobId: pg.text("job_id"),
    commandId: pg.uuid("command_id"),
    tokens: pg.integer("tokens").notNull().default(0),
    durationMs: pg.integer("duration_ms").notNull().default(0),
    /** Why it ended other than as planned, in English (for integrators and logs). */
    error: pg.text("error"),
    /** The same as a code and params (packages/domain/src/run-errors.ts); null on rows stored before 0022. */
    errorCode: pg.text("error_code"),
    errorParams: pg.jsonb("error_params"),
    /** The command as sent: entity names and prompt. */
    detail: pg.jsonb("detail").notNull().default({}),
    createdAt: createdAt(),
    startedAt: timestampTz("started_at"),
    finishedAt: timestampTz("finished_at"),
    /** The instance running it (set with `running`), and until when that instance vouches for it. */
    owner: pg.text("owner"),
    /** Renewed by the owner's tick; a running execution past it lost its instance and is closed as failed. */
    leaseUntil: timestampTz("lease_until"),
  },
  (table) => [
    pg.uniqueIndex("autonomous_executions_rule_slot").on(table.ruleId, table.slot),
    pg.index("autonomous_executions_user_created").on(table.userId, table.createdAt),
    pg.index("autonomous_executions_rule_created").on(table.ruleId, table.createdAt),
    pg.index("autonomous_executions_command").on(table.commandId),
    pg
      .index("autonomous_executions_running_lease")
      .on(table.leaseUntil)
      .where(sql`${table.status} = 'running'`),
  ],
);
