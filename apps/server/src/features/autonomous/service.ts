// Autonomous control (docs/decisions/095-autonomous-control.md): rules that send a command to the owner's entities on
// a cron schedule or a matching signal, under per-rule budgets, a per-rule switch and an instance-wide kill switch.
// Every firing is an execution row whose (rule, slot) key is unique, so one due time runs once across instances;
// the run itself goes through the job runner and the command service (tokens, run rows, signals). A running
// execution holds a lease its instance renews on every tick; one whose lease ran out lost its instance and is closed
// as failed by whichever instance ticks next (docs/decisions/231-autonomous-leases.md). A run stops where it would
// pass the rule's tokens per day.

import { randomUUID } from "node:crypto";
import { checkAccess, permissionsForRoles, ROUTE_ACCESS } from "@aacos/domain/access";
import {
  AUTONOMOUS_MESSAGES,
  type AutonomousRuleBody,
  type AutonomousRuleView,
  budgetVerdict,
  COUNTED_STATUSES,
  type CronPreviewQuery,
  EXECUTION_STATUSES,
  type ExecutionHistoryQuery,
  type ExecutionStatus,
  type ExecutionTrigger,
  type ExecutionView,
  type KillSwitchView,
  signalMatches,
} from "@aacos/domain/autonomous";
import { planInForce } from "@aacos/domain/catalog";
import { fieldFailure, type StoredError, storedErrorOf } from "@aacos/domain/errors";
import type { SignalSeverity } from "@aacos/domain/validation";
import { Cron } from "croner";
import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  notInArray,
  or,
  sql,
} from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { autonomousExecutions, autonomousRules, instanceSettings, users } from "../../db/schema.js";
import { rolesOf } from "../../platform/auth.js";
import {
  AppError,
  conflict,
  forbidden,
  notFound,
  validationFailed,
} from "../../platform/errors.js";
import type { RealtimeBus, RealtimeEnvelope } from "../../platform/realtime-bus.js";
import { type EntityDirectory, estimateTokens } from "../ai/index.js";
import type { AuditContext, AuditService } from "../audit/index.js";
import type { CommandService } from "../commands/index.js";
import { JobAborted, type JobService } from "../jobs/index.js";
import type { SignalInput } from "../signals/index.js";
import {
  appFailure,
  EXECUTION_FAILURES,
  type ExecutionFailure,
  failureOf,
  NO_FAILURE,
} from "./execution-errors.js";

export const AUTONOMOUS_QUEUE = "autonomous-execution";
const KILL_SWITCH_KEY = "autonomous.killSwitch";
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const ACCESS = ROUTE_ACCESS["/autonomous-control"];
/** How long a running execution's instance vouches for it between ticks (the tick renews it). */
const DEFAULT_LEASE_MS = 60_000;

type RuleRow = typeof autonomousRules.$inferSelect;
type ExecutionRow = typeof autonomousExecutions.$inferSelect;

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

/** The cron expression read in its time zone; a field message when croner cannot read it. */
function parseCron(cron: string, timeZone: string): Cron {
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

function severityOf(value: string): SignalSeverity {
  return value === "warning" || value === "critical" ? value : "info";
}

function statusOf(value: string): ExecutionStatus {
  return (EXECUTION_STATUSES as readonly string[]).includes(value)
    ? (value as ExecutionStatus)
    : "failed";
}

function triggerOf(value: string): ExecutionTrigger {
  return value === "schedule" || value === "signal" ? value : "manual";
}

interface Detail {
  entityNames: string[];
  prompt: string;
  signalId?: number;
}

function detailOf(value: unknown): Detail {
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

function executionView(row: ExecutionRow, ruleName: string): ExecutionView {
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
function signalOf(envelope: RealtimeEnvelope) {
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
class Killed extends Error {
  constructor(readonly failure: ExecutionFailure) {
    super(failure.error);
  }
}
/** The run reached its rule's tokens per day. */
class BudgetReached extends Killed {}

function stopReason(signal: AbortSignal): ExecutionFailure {
  const reason: unknown = signal.reason;
  if (reason instanceof Killed) return reason.failure;
  if (reason instanceof JobAborted && reason.kind === "timeout") return EXECUTION_FAILURES.tooLong;
  if (reason instanceof JobAborted && reason.kind === "shutdown")
    return EXECUTION_FAILURES.shutdown;
  return EXECUTION_FAILURES.killSwitchOn;
}

/** A failed command run's reason (its answer's code, or the command's own) as the execution's failure. */
function runFailure(run: {
  error: string | null;
  errorCode: StoredError | null;
}): ExecutionFailure {
  const error = run.error ?? "The command did not finish";
  return run.errorCode === null
    ? EXECUTION_FAILURES.commandFailed(error)
    : failureOf(error, run.errorCode);
}

export function createAutonomousService(deps: AutonomousDeps): AutonomousService {
  const { db, clock, log, audit, bus, jobs } = deps;
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const instanceId = deps.instanceId ?? randomUUID();
  const leaseFrom = (now: Date) => new Date(now.getTime() + leaseMs);
  /** This instance's running executions, to stop at once when the kill switch turns on. */
  const local = new Map<string, AbortController>();
  const pending = new Set<Promise<unknown>>();
  const unsubscribers: (() => void)[] = [];
  let timer: NodeJS.Timeout | null = null;
  let ticking = false;
  let stopped = false;

  const track = <T>(work: Promise<T>): Promise<T> => {
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => {});
    return work;
  };

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

  async function views(rows: RuleRow[]): Promise<AutonomousRuleView[]> {
    const now = clock();
    const ids = rows.map((row) => row.id);
    const usage = await usageOf(ids, now);
    const last =
      ids.length === 0
        ? []
        : await db
            .selectDistinctOn([autonomousExecutions.ruleId], {
              ruleId: autonomousExecutions.ruleId,
              status: autonomousExecutions.status,
              createdAt: autonomousExecutions.createdAt,
            })
            .from(autonomousExecutions)
            .where(inArray(autonomousExecutions.ruleId, ids))
            .orderBy(autonomousExecutions.ruleId, desc(autonomousExecutions.createdAt));
    return rows.map((row) => {
      let nextRuns: string[] = [];
      if (row.trigger === "schedule" && row.enabled) {
        try {
          nextRuns = new Cron(row.cron, { timezone: row.timeZone, paused: true })
            .nextRuns(3, now)
            .map((date) => date.toISOString());
        } catch {
          nextRuns = [];
        }
      }
      const latest = last.find((entry) => entry.ruleId === row.id);
      return {
        id: row.id,
        name: row.name,
        entityIds: row.entityIds,
        prompt: row.prompt,
        trigger: row.trigger === "signal" ? "signal" : "schedule",
        cron: row.cron,
        timeZone: row.timeZone,
        signalKind: row.signalKind,
        signalSource: row.signalSource,
        signalMinSeverity: severityOf(row.signalMinSeverity),
        maxRunsPerHour: row.maxRunsPerHour,
        maxTokensPerDay: row.maxTokensPerDay,
        dryRun: row.dryRun,
        enabled: row.enabled,
        nextRuns,
        usage: usage.get(row.id) ?? { runsLastHour: 0, tokensLastDay: 0 },
        lastExecution:
          latest === undefined
            ? null
            : { status: statusOf(latest.status), createdAt: latest.createdAt.toISOString() },
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  /** The body checked beyond its schema: the cron expression in full, and every entity the owner's. */
  async function checked(userId: string, body: AutonomousRuleBody) {
    if (body.trigger === "schedule") nextRunsOf(body.cron, body.timeZone, clock(), 1);
    for (const entityId of body.entityIds) {
      try {
        await deps.directory.getEntity(userId, entityId);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) {
          throw validationFailed({
            entityIds: fieldFailure(AUTONOMOUS_MESSAGES.entityNotFound, "entity_not_found"),
          });
        }
        throw error;
      }
    }
    const schedule = body.trigger === "schedule";
    return {
      name: body.name,
      entityIds: body.entityIds,
      prompt: body.prompt,
      trigger: body.trigger,
      cron: schedule ? body.cron.trim().replace(/\s+/g, " ") : "",
      timeZone: schedule ? body.timeZone : "UTC",
      signalKind: schedule ? "" : body.signalKind,
      signalSource: schedule ? "" : body.signalSource,
      signalMinSeverity: body.signalMinSeverity,
      maxRunsPerHour: body.maxRunsPerHour,
      maxTokensPerDay: body.maxTokensPerDay,
      dryRun: body.dryRun,
      enabled: body.enabled,
    };
  }

  /** Records a firing and hands it to the job runner; null when this slot already fired (another instance won). */
  async function fire(
    rule: RuleRow,
    firing: { trigger: ExecutionTrigger; slot: string; dueAt: Date; signalId?: number },
  ): Promise<ExecutionRow | null> {
    const [row] = await db
      .insert(autonomousExecutions)
      .values({
        ruleId: rule.id,
        userId: rule.userId,
        slot: firing.slot,
        trigger: firing.trigger,
        dueAt: firing.dueAt,
        signalId: firing.signalId ?? null,
        status: "queued",
        detail: {
          entityNames: [],
          prompt: rule.prompt,
          ...(firing.signalId === undefined ? {} : { signalId: firing.signalId }),
        },
        createdAt: clock(),
      })
      .onConflictDoNothing()
      .returning();
    if (row === undefined) return null;
    const singletonKey =
      firing.trigger === "schedule"
        ? `rule:${rule.id}:${firing.dueAt.toISOString()}`
        : `rule:${rule.id}:${firing.slot}`;
    try {
      // The execution's id is the job's id, so the kill switch can cancel by it.
      await db
        .update(autonomousExecutions)
        .set({ jobId: row.id })
        .where(eq(autonomousExecutions.id, row.id));
      await jobs.enqueue(
        AUTONOMOUS_QUEUE,
        { executionId: row.id, userId: rule.userId },
        { singletonKey, id: row.id, retryLimit: 0 },
      );
    } catch (error) {
      log.error({ err: error, ruleId: rule.id }, "autonomous run not queued");
      await finish(row.id, "failed", EXECUTION_FAILURES.lostInQueue, ["queued"]);
    }
    return row;
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

  /** The job handler: budget, dry run, or the command itself; the outcome lands on the execution row. */
  async function execute(executionId: string, signal: AbortSignal): Promise<void> {
    const [row] = await db
      .select()
      .from(autonomousExecutions)
      .where(eq(autonomousExecutions.id, executionId));
    if (row === undefined || row.status !== "queued") return;
    const [rule] = await db
      .select()
      .from(autonomousRules)
      .where(eq(autonomousRules.id, row.ruleId));
    if (rule === undefined) return;
    if ((await readKillSwitch()).engaged || signal.aborted) {
      await finish(row.id, "killed", EXECUTION_FAILURES.killSwitchOn, ["queued"]);
      return;
    }
    if (!rule.enabled) {
      await finish(row.id, "killed", EXECUTION_FAILURES.ruleDisabled, ["queued"]);
      return;
    }
    const [owner] = await db.select().from(users).where(eq(users.id, rule.userId));
    const roles = owner === undefined ? [] : rolesOf(owner);
    if (
      owner === undefined ||
      owner.suspendedAt !== null ||
      checkAccess({ roles, permissions: permissionsForRoles(roles) }, ACCESS) !== "allowed"
    ) {
      await finish(row.id, "failed", appFailure(forbidden()), ["queued"]);
      return;
    }
    const used = (await usageOf([rule.id], clock(), row.id)).get(rule.id) ?? {
      runsLastHour: 0,
      tokensLastDay: 0,
    };
    const verdict = budgetVerdict(rule, used);
    if (verdict !== "ok") {
      const failure =
        verdict === "runs"
          ? EXECUTION_FAILURES.budgetRuns(rule.maxRunsPerHour)
          : EXECUTION_FAILURES.budgetTokens(rule.maxTokensPerDay);
      if (await finish(row.id, "skipped_budget", failure, ["queued"])) {
        deps.emitSignal(rule.userId, {
          kind: "autonomous",
          source: "budget",
          severity: "warning",
          data: { ruleId: rule.id, executionId: row.id, budget: verdict },
        });
      }
      return;
    }
    const detail: Detail = { ...detailOf(row.detail), entityNames: [] };
    try {
      for (const entityId of rule.entityIds) {
        detail.entityNames.push((await deps.directory.getEntity(rule.userId, entityId)).name);
      }
    } catch (error) {
      const failure =
        error instanceof AppError ? appFailure(error) : EXECUTION_FAILURES.entityUnreadable;
      await finish(row.id, "failed", { ...failure, detail }, ["queued"]);
      return;
    }
    if (rule.dryRun) {
      await finish(row.id, "dry_run", { detail }, ["queued"]);
      return;
    }
    const started = Date.now();
    const claimed = await db
      .update(autonomousExecutions)
      .set({
        status: "running",
        startedAt: clock(),
        detail,
        owner: instanceId,
        leaseUntil: leaseFrom(clock()),
      })
      .where(and(eq(autonomousExecutions.id, row.id), eq(autonomousExecutions.status, "queued")))
      .returning({ id: autonomousExecutions.id });
    if (claimed.length === 0) return;
    const plan = { userId: rule.userId, ...planInForce(owner, clock()) };
    try {
      const command = await deps.commands.prepare(plan, {
        entityIds: rule.entityIds,
        prompt: rule.prompt,
      });
      await db
        .update(autonomousExecutions)
        .set({ commandId: command.commandId })
        .where(eq(autonomousExecutions.id, row.id));
      if (signal.aborted) throw new Killed(stopReason(signal));
      // What is left of the day's tokens; the run is stopped where its own count (the prompt as the allowance check
      // estimated it, the answers as they stream) reaches it. Reported usage only comes at the end.
      const left = rule.maxTokensPerDay - used.tokensLastDay;
      const budget = new AbortController();
      const streamed = new Map<string, string>();
      const spent = () =>
        command.estimatedPromptTokens +
        [...streamed.values()].reduce((sum, text) => sum + estimateTokens(text), 0);
      const reached = () => {
        if (!budget.signal.aborted && spent() >= left) {
          budget.abort(new BudgetReached(EXECUTION_FAILURES.budgetReached(rule.maxTokensPerDay)));
        }
      };
      reached();
      const running = AbortSignal.any([signal, budget.signal]);
      if (budget.signal.aborted) command.discard();
      const done = budget.signal.aborted
        ? { runs: [] }
        : await command.run({
            onDelta: (entityId, text) => {
              streamed.set(entityId, (streamed.get(entityId) ?? "") + text);
              reached();
            },
            onEntityDone: () => {},
            signal: running,
          });
      const tokens = done.runs.reduce(
        (sum, run) => sum + run.promptTokens + run.completionTokens,
        0,
      );
      const durationMs = Date.now() - started;
      const failed = done.runs.find((run) => run.status !== "complete");
      const status: ExecutionStatus = signal.aborted
        ? "killed"
        : budget.signal.aborted
          ? "stopped_budget"
          : failed
            ? "failed"
            : "succeeded";
      await finish(
        row.id,
        status,
        {
          tokens,
          durationMs,
          ...(status === "killed"
            ? stopReason(signal)
            : status === "stopped_budget"
              ? stopReason(budget.signal)
              : failed
                ? runFailure(failed)
                : NO_FAILURE),
        },
        ["running"],
      );
      if (status !== "succeeded") {
        deps.emitSignal(rule.userId, {
          kind: "autonomous",
          source: "rule",
          severity: "warning",
          data: { ruleId: rule.id, executionId: row.id, status },
        });
      }
    } catch (error) {
      const killed = error instanceof Killed || signal.aborted;
      const failure = killed
        ? stopReason(signal)
        : error instanceof AppError
          ? appFailure(error)
          : EXECUTION_FAILURES.commandFailed("The command could not run");
      if (!(error instanceof AppError) && !killed) {
        log.error({ err: error, ruleId: rule.id }, "autonomous run failed");
      }
      await finish(
        row.id,
        killed ? "killed" : "failed",
        { ...failure, durationMs: Date.now() - started },
        ["running"],
      );
    }
  }

  /**
   * Renews the leases of the executions this instance runs, then closes as failed every running execution whose lease
   * ran out (or that never had one): its instance crashed, was killed or lost the database, and nothing else would
   * ever finish it. Its job, if any, fails on the runner's own expiry. Executions queued for longer than a lease whose
   * job no longer waits or runs (a crash between recording and enqueueing, a dropped dead letter) fail too.
   */
  async function keepLeases(): Promise<number> {
    const now = clock();
    const mine = [...local.keys()];
    if (mine.length > 0) {
      await db
        .update(autonomousExecutions)
        .set({ leaseUntil: leaseFrom(now) })
        .where(
          and(
            inArray(autonomousExecutions.id, mine),
            eq(autonomousExecutions.owner, instanceId),
            eq(autonomousExecutions.status, "running"),
          ),
        );
    }
    const lost = await db
      .update(autonomousExecutions)
      .set({ status: "failed", ...EXECUTION_FAILURES.ownerLost, finishedAt: now })
      .where(
        and(
          eq(autonomousExecutions.status, "running"),
          or(isNull(autonomousExecutions.leaseUntil), lt(autonomousExecutions.leaseUntil, now)),
          mine.length > 0 ? notInArray(autonomousExecutions.id, mine) : undefined,
        ),
      )
      .returning({
        id: autonomousExecutions.id,
        ruleId: autonomousExecutions.ruleId,
        userId: autonomousExecutions.userId,
        owner: autonomousExecutions.owner,
      });
    // Queued for longer than a lease with no job waiting or running for it: it will never start.
    const stale = await db
      .select({ id: autonomousExecutions.id, jobId: autonomousExecutions.jobId })
      .from(autonomousExecutions)
      .where(
        and(
          eq(autonomousExecutions.status, "queued"),
          lt(autonomousExecutions.createdAt, new Date(now.getTime() - leaseMs)),
        ),
      )
      .limit(500);
    const alive = await jobs.unfinished(stale.flatMap((row) => (row.jobId ? [row.jobId] : [])));
    const gone = stale.filter((row) => row.jobId === null || !alive.has(row.jobId));
    if (gone.length > 0) {
      lost.push(
        ...(await db
          .update(autonomousExecutions)
          .set({ status: "failed", ...EXECUTION_FAILURES.lostInQueue, finishedAt: now })
          .where(
            and(
              inArray(
                autonomousExecutions.id,
                gone.map((row) => row.id),
              ),
              eq(autonomousExecutions.status, "queued"),
            ),
          )
          .returning({
            id: autonomousExecutions.id,
            ruleId: autonomousExecutions.ruleId,
            userId: autonomousExecutions.userId,
            owner: autonomousExecutions.owner,
          })),
      );
    }
    for (const execution of lost) {
      log.warn({ executionId: execution.id, owner: execution.owner }, "autonomous run lost");
      deps.emitSignal(execution.userId, {
        kind: "autonomous",
        source: "rule",
        severity: "warning",
        data: { ruleId: execution.ruleId, executionId: execution.id, status: "failed" },
      });
    }
    return lost.length;
  }

  async function onSignal(envelope: RealtimeEnvelope): Promise<void> {
    const signal = signalOf(envelope);
    // The feature's own signals never trigger rules, nor do the runs it started (no loops).
    if (signal === null || signal.kind === "autonomous") return;
    if (typeof signal.data.commandId === "string") {
      const [own] = await db
        .select({ n: count() })
        .from(autonomousExecutions)
        .where(eq(autonomousExecutions.commandId, signal.data.commandId));
      if ((own?.n ?? 0) > 0) return;
    }
    // A user's signals reach that user's rules; system signals (no user) reach admins' rules.
    const owners =
      envelope.userId === null
        ? sql`${autonomousRules.userId} in (select ${users.id} from ${users} where 'admin' = any(${users.roles}))`
        : eq(autonomousRules.userId, envelope.userId);
    const candidates = await db
      .select()
      .from(autonomousRules)
      .where(
        and(
          eq(autonomousRules.enabled, true),
          eq(autonomousRules.trigger, "signal"),
          eq(autonomousRules.signalKind, signal.kind),
          owners,
        ),
      );
    const matching = candidates.filter((rule) =>
      signalMatches(
        {
          signalKind: rule.signalKind,
          signalSource: rule.signalSource,
          signalMinSeverity: severityOf(rule.signalMinSeverity),
        },
        signal,
      ),
    );
    if (matching.length === 0 || (await readKillSwitch()).engaged) return;
    for (const rule of matching) {
      await fire(rule, {
        trigger: "signal",
        slot: `signal:${signal.id}`,
        dueAt: clock(),
        signalId: signal.id,
      });
    }
  }

  function abortLocal() {
    for (const controller of local.values()) {
      controller.abort(new Killed(EXECUTION_FAILURES.killSwitchOn));
    }
  }

  const service: AutonomousService = {
    async listRules(userId) {
      const rows = await db
        .select()
        .from(autonomousRules)
        .where(eq(autonomousRules.userId, userId))
        .orderBy(desc(autonomousRules.createdAt), desc(autonomousRules.id));
      return views(rows);
    },

    async getRule(userId, id) {
      const [view] = await views([await ownRule(userId, id)]);
      if (view === undefined) throw notFound("autonomous_rule", "Rule not found");
      return view;
    },

    async createRule(context, userId, body) {
      const values = await checked(userId, body);
      const now = clock();
      const [row] = await db
        .insert(autonomousRules)
        .values({
          ...values,
          userId,
          nextDueAt: nextDueFor(values, now),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (row === undefined) throw new Error("rule not created");
      await audit.record(context, "autonomous.rule_created", row.id, {
        name: row.name,
        trigger: row.trigger,
        dryRun: row.dryRun,
      });
      return service.getRule(userId, row.id);
    },

    async updateRule(context, userId, id, body) {
      await ownRule(userId, id);
      const values = await checked(userId, body);
      const now = clock();
      await db
        .update(autonomousRules)
        .set({ ...values, nextDueAt: nextDueFor(values, now), updatedAt: now })
        .where(and(eq(autonomousRules.id, id), eq(autonomousRules.userId, userId)));
      await audit.record(context, "autonomous.rule_updated", id, {
        name: values.name,
        trigger: values.trigger,
        dryRun: values.dryRun,
        enabled: values.enabled,
      });
      return service.getRule(userId, id);
    },

    async deleteRule(context, userId, id) {
      const rule = await ownRule(userId, id);
      await service.setEnabled(context, userId, id, false);
      await db.delete(autonomousRules).where(eq(autonomousRules.id, id));
      await audit.record(context, "autonomous.rule_deleted", id, { name: rule.name });
    },

    async setEnabled(context, userId, id, enabled) {
      const rule = await ownRule(userId, id);
      const now = clock();
      await db
        .update(autonomousRules)
        .set({ enabled, nextDueAt: nextDueFor({ ...rule, enabled }, now), updatedAt: now })
        .where(eq(autonomousRules.id, id));
      if (!enabled) {
        // The rule's own kill switch: what is queued will not start, what runs stops.
        await db
          .update(autonomousExecutions)
          .set({ status: "killed", ...EXECUTION_FAILURES.ruleDisabled, finishedAt: now })
          .where(
            and(eq(autonomousExecutions.ruleId, id), eq(autonomousExecutions.status, "queued")),
          );
        const running = await db
          .select({ id: autonomousExecutions.id, jobId: autonomousExecutions.jobId })
          .from(autonomousExecutions)
          .where(
            and(eq(autonomousExecutions.ruleId, id), eq(autonomousExecutions.status, "running")),
          );
        for (const execution of running)
          local.get(execution.id)?.abort(new Killed(EXECUTION_FAILURES.ruleDisabled));
        const jobIds = running.flatMap((execution) => (execution.jobId ? [execution.jobId] : []));
        if (jobIds.length > 0) await jobs.cancel(jobIds);
      }
      if (rule.enabled !== enabled) {
        await audit.record(
          context,
          enabled ? "autonomous.rule_enabled" : "autonomous.rule_disabled",
          id,
          { name: rule.name },
        );
      }
      return service.getRule(userId, id);
    },

    async runNow(context, userId, id) {
      const rule = await ownRule(userId, id);
      if ((await readKillSwitch()).engaged)
        throw conflict("kill_switch_on", AUTONOMOUS_MESSAGES.killSwitchOn);
      if (!rule.enabled) throw conflict("rule_disabled", AUTONOMOUS_MESSAGES.ruleDisabled);
      const row = await fire(rule, {
        trigger: "manual",
        slot: `manual:${randomUUID()}`,
        dueAt: clock(),
      });
      if (row === null) throw new Error("manual run not recorded");
      await audit.record(context, "autonomous.rule_run", id, { executionId: row.id });
      const [fresh] = await db
        .select()
        .from(autonomousExecutions)
        .where(eq(autonomousExecutions.id, row.id));
      return executionView(fresh ?? row, rule.name);
    },

    async history(userId, query) {
      const where = and(
        eq(autonomousExecutions.userId, userId),
        query.ruleId === undefined ? undefined : eq(autonomousExecutions.ruleId, query.ruleId),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ execution: autonomousExecutions, ruleName: autonomousRules.name })
          .from(autonomousExecutions)
          .innerJoin(autonomousRules, eq(autonomousRules.id, autonomousExecutions.ruleId))
          .where(where)
          .orderBy(desc(autonomousExecutions.createdAt), desc(autonomousExecutions.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(autonomousExecutions).where(where),
      ]);
      return {
        items: rows.map((row) => executionView(row.execution, row.ruleName)),
        total: total?.n ?? 0,
      };
    },

    killSwitch: readKillSwitch,

    async setKillSwitch(context, engaged) {
      const now = clock();
      const value: KillSwitchView = {
        engaged,
        changedAt: now.toISOString(),
        changedBy: context.actorId,
      };
      await db
        .insert(instanceSettings)
        .values({ key: KILL_SWITCH_KEY, value, updatedAt: now })
        .onConflictDoUpdate({ target: instanceSettings.key, set: { value, updatedAt: now } });
      if (engaged) {
        await db
          .update(autonomousExecutions)
          .set({ status: "killed", ...EXECUTION_FAILURES.killSwitchOn, finishedAt: now })
          .where(eq(autonomousExecutions.status, "queued"));
        const running = await db
          .select({ jobId: autonomousExecutions.jobId })
          .from(autonomousExecutions)
          .where(eq(autonomousExecutions.status, "running"));
        abortLocal();
        // Every instance stops its own runs: through the bus, and through the runner's cancel.
        await bus.publish("autonomous", {
          userId: null,
          message: { type: "kill-switch", engaged },
        });
        const jobIds = running.flatMap((execution) => (execution.jobId ? [execution.jobId] : []));
        if (jobIds.length > 0) {
          await jobs
            .cancel(jobIds)
            .catch((error: unknown) => log.warn({ err: error }, "autonomous jobs not cancelled"));
        }
      } else {
        // Due times passed while the switch was on are not caught up: each rule waits for its next one.
        const schedules = await db
          .select()
          .from(autonomousRules)
          .where(and(eq(autonomousRules.trigger, "schedule"), eq(autonomousRules.enabled, true)));
        for (const rule of schedules) {
          await db
            .update(autonomousRules)
            .set({ nextDueAt: nextDueFor(rule, now) })
            .where(eq(autonomousRules.id, rule.id));
        }
      }
      await audit.record(context, "autonomous.kill_switch", null, { engaged });
      return value;
    },

    cronPreview(query) {
      return {
        nextRuns: nextRunsOf(query.cron, query.timeZone, clock(), query.count).map((date) =>
          date.toISOString(),
        ),
      };
    },

    async tick() {
      if (ticking || stopped) return { fired: 0, lost: 0 };
      ticking = true;
      try {
        const lost = await keepLeases();
        const now = clock();
        if ((await readKillSwitch()).engaged) return { fired: 0, lost };
        const due = await db
          .select()
          .from(autonomousRules)
          .where(
            and(
              eq(autonomousRules.enabled, true),
              eq(autonomousRules.trigger, "schedule"),
              lte(autonomousRules.nextDueAt, now),
            ),
          );
        let fired = 0;
        for (const rule of due) {
          const dueAt = rule.nextDueAt;
          if (dueAt === null) continue;
          // Moves on from this due time (only the first instance's write lands); missed ones are not caught up.
          await db
            .update(autonomousRules)
            .set({ nextDueAt: nextDueFor(rule, now) })
            .where(and(eq(autonomousRules.id, rule.id), eq(autonomousRules.nextDueAt, dueAt)));
          const row = await fire(rule, {
            trigger: "schedule",
            slot: `schedule:${dueAt.toISOString()}`,
            dueAt,
          });
          if (row !== null) fired += 1;
        }
        return { fired, lost };
      } finally {
        ticking = false;
      }
    },

    async start() {
      // Runs left "running" by an instance that is gone (this one's previous process among them) are closed now.
      await keepLeases().catch((error: unknown) =>
        log.warn({ err: error }, "autonomous leases not checked at start"),
      );
      // No retries: a run that failed is recorded as failed, and a retry of a finished execution does nothing.
      jobs.register<{ executionId: string }>(
        AUTONOMOUS_QUEUE,
        async (job) => {
          const controller = new AbortController();
          const signal = AbortSignal.any([job.signal, controller.signal]);
          local.set(job.data.executionId, controller);
          try {
            await track(execute(job.data.executionId, signal));
          } finally {
            local.delete(job.data.executionId);
          }
        },
        { retryLimit: 0, concurrency: 4 },
      );
      unsubscribers.push(
        await bus.subscribe("signals", (envelope) => {
          if (stopped) return;
          track(onSignal(envelope)).catch((error: unknown) =>
            log.warn({ err: error }, "signal not checked against autonomous rules"),
          );
        }),
        await bus.subscribe("autonomous", (envelope) => {
          if (envelope.message.type === "kill-switch" && envelope.message.engaged === true) {
            abortLocal();
          }
        }),
      );
      if (deps.tickMs !== null) {
        timer = setInterval(() => {
          track(service.tick()).catch((error: unknown) =>
            log.error({ err: error }, "autonomous tick failed"),
          );
        }, deps.tickMs);
        timer.unref();
      }
    },

    async stop() {
      stopped = true;
      if (timer !== null) clearInterval(timer);
      for (const unsubscribe of unsubscribers.splice(0)) unsubscribe();
      for (const controller of local.values())
        controller.abort(new Killed(EXECUTION_FAILURES.shutdown));
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
  return service;
}
