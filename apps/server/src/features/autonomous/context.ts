// What every part of autonomous control shares (docs/decisions/260): its deps and constants, the service's type, the
// per-instance state (lease, this instance's runs), a rule read for its owner, the kill switch, a rule's next due
// time, a rule's usage over the last hour and day, and closing an execution.

import { randomUUID } from "node:crypto";
import { ROUTE_ACCESS } from "@aacos/domain/access";
import {
  type AutonomousRuleBody,
  type AutonomousRuleView,
  COUNTED_STATUSES,
  type CronPreviewQuery,
  type ExecutionHistoryQuery,
  type ExecutionStatus,
  type ExecutionView,
  type KillSwitchView,
} from "@aacos/domain/autonomous";
import { Cron } from "croner";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { autonomousExecutions, autonomousRules, instanceSettings } from "../../db/schema.js";
import { notFound } from "../../platform/errors.js";
import type { RealtimeBus } from "../../platform/realtime-bus.js";
import type { EntityDirectory } from "../ai/index.js";
import type { AuditContext, AuditService } from "../audit/index.js";
import type { CommandService } from "../commands/index.js";
import type { JobService } from "../jobs/index.js";
import type { SignalInput } from "../signals/index.js";
export const AUTONOMOUS_QUEUE = "autonomous-execution";
export const KILL_SWITCH_KEY = "autonomous.killSwitch";
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
export const ACCESS = ROUTE_ACCESS["/autonomous-control"];
/** How long a running execution's instance vouches for it between ticks (the tick renews it). */
export const DEFAULT_LEASE_MS = 60_000;

export type RuleRow = typeof autonomousRules.$inferSelect;
export type ExecutionRow = typeof autonomousExecutions.$inferSelect;

export interface AutonomousService {
  listRules(userId: string): Promise<AutonomousRuleView[]>;
  getRule(userId: string, id: string): Promise<AutonomousRuleView>;
  createRule(
    context: AuditContext,
    userId: string,
    body: AutonomousRuleBody,
  ): Promise<AutonomousRuleView>;
  updateRule(
    context: AuditContext,
    userId: string,
    id: string,
    body: AutonomousRuleBody,
  ): Promise<AutonomousRuleView>;
  deleteRule(context: AuditContext, userId: string, id: string): Promise<void>;
  setEnabled(
    context: AuditContext,
    userId: string,
    id: string,
    enabled: boolean,
  ): Promise<AutonomousRuleView>;
  runNow(context: AuditContext, userId: string, id: string): Promise<ExecutionView>;
  history(
    userId: string,
    query: ExecutionHistoryQuery,
  ): Promise<{ items: ExecutionView[]; total: number }>;
  killSwitch(): Promise<KillSwitchView>;
  setKillSwitch(context: AuditContext, engaged: boolean): Promise<KillSwitchView>;
  cronPreview(query: CronPreviewQuery): { nextRuns: string[] };
  /**
   * Renews this instance's leases, closes running executions whose lease ran out (their instance is gone) and fires
   * every schedule rule whose due time has come (the timer calls it; tests may too).
   */
  tick(): Promise<{ fired: number; lost: number }>;
  /** Registers the job handler, subscribes to signals and the kill switch, starts the timer. */
  start(): Promise<void>;
  /** Stops the timer and the subscriptions, stops this instance's runs and waits for them. */
  stop(): Promise<void>;
}

export interface AutonomousDeps {
  db: Db;
  clock: () => Date;
  log: FastifyBaseLogger;
  audit: AuditService;
  /** Runs the command: run rows, tokens against the owner's allowance, the run signal. */
  commands: Pick<CommandService, "prepare">;
  /** Ownership check of entities (404 for anyone else's) and their names. */
  directory: Pick<EntityDirectory, "getEntity">;
  bus: RealtimeBus;
  jobs: Pick<JobService, "register" | "enqueue" | "cancel" | "unfinished">;
  emitSignal: (userId: string, signal: SignalInput) => void;
  /** How often the schedule tick runs; null: no timer (tests call tick()). */
  tickMs: number | null;
  /** How long a running execution's lease lasts on the clock; several ticks (default a minute). */
  leaseMs?: number;
  /** This instance's name on the executions it runs (default: a random one per process). */
  instanceId?: string;
}

export function createAutonomousContext(deps: AutonomousDeps) {
  const { db, clock } = deps;
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const instanceId = deps.instanceId ?? randomUUID();
  const leaseFrom = (now: Date) => new Date(now.getTime() + leaseMs);
  /** This instance's running executions, to stop at once when the kill switch turns on. */
  const local = new Map<string, AbortController>();

  async function ownRule(userId: string, id: string): Promise<RuleRow> {
    const [row] = await db
      .select()
      .from(autonomousRules)
      .where(and(eq(autonomousRules.id, id), eq(autonomousRules.userId, userId)));
    if (row === undefined) throw notFound("autonomous_rule", "Rule not found");
    return row;
  }

  async function readKillSwitch(): Promise<KillSwitchView> {
    const [row] = await db
      .select()
      .from(instanceSettings)
      .where(eq(instanceSettings.key, KILL_SWITCH_KEY));
    const value = (row?.value ?? {}) as Partial<KillSwitchView>;
    return {
      engaged: value.engaged === true,
      changedAt: typeof value.changedAt === "string" ? value.changedAt : null,
      changedBy: typeof value.changedBy === "string" ? value.changedBy : null,
    };
  }

  function nextDueFor(rule: Pick<RuleRow, "trigger" | "enabled" | "cron" | "timeZone">, now: Date) {
    if (rule.trigger !== "schedule" || !rule.enabled) return null;
    try {
      return new Cron(rule.cron, { timezone: rule.timeZone, paused: true }).nextRun(now);
    } catch {
      return null;
    }
  }

  async function usageOf(ruleIds: string[], now: Date, exceptExecution?: string) {
    const usage = new Map<string, { runsLastHour: number; tokensLastDay: number }>();
    if (ruleIds.length === 0) return usage;
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const dayAgo = new Date(now.getTime() - DAY_MS);
    const counted = sql.join(
      COUNTED_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    );
    const rows = await db
      .select({
        ruleId: autonomousExecutions.ruleId,
        runs: sql<number>`count(*) filter (where ${autonomousExecutions.status} in (${counted}) and ${autonomousExecutions.createdAt} >= ${hourAgo})`.mapWith(
          Number,
        ),
        tokens: sql<number>`coalesce(sum(${autonomousExecutions.tokens}), 0)`.mapWith(Number),
      })
      .from(autonomousExecutions)
      .where(
        and(
          inArray(autonomousExecutions.ruleId, ruleIds),
          sql`${autonomousExecutions.createdAt} >= ${dayAgo}`,
          exceptExecution === undefined ? undefined : ne(autonomousExecutions.id, exceptExecution),
        ),
      )
      .groupBy(autonomousExecutions.ruleId);
    for (const row of rows) {
      usage.set(row.ruleId, { runsLastHour: row.runs, tokensLastDay: row.tokens });
    }
    return usage;
  }

  async function finish(
    executionId: string,
    status: ExecutionStatus,
    fields: Partial<
      Pick<ExecutionRow, "error" | "errorCode" | "errorParams" | "tokens" | "durationMs" | "detail">
    >,
    from: ExecutionStatus[],
  ): Promise<boolean> {
    const done = await db
      .update(autonomousExecutions)
      .set({ status, ...fields, finishedAt: clock() })
      .where(
        and(eq(autonomousExecutions.id, executionId), inArray(autonomousExecutions.status, from)),
      )
      .returning({ id: autonomousExecutions.id });
    return done.length > 0;
  }

  return {
    ...deps,
    deps,
    leaseMs,
    instanceId,
    leaseFrom,
    local,
    ownRule,
    readKillSwitch,
    nextDueFor,
    usageOf,
    finish,
  };
}

export type AutonomousContext = ReturnType<typeof createAutonomousContext>;
