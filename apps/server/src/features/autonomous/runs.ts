// Firing and running: a firing recorded once per (rule, slot) and queued, the job handler (kill switch, budget, dry
// run, the command), the leases renewed and lost runs closed, and signals matched against signal rules.

import { checkAccess, permissionsForRoles } from "@aacos/domain/access";
import {
  budgetVerdict,
  type ExecutionStatus,
  type ExecutionTrigger,
  signalMatches,
} from "@aacos/domain/autonomous";
import { planInForce } from "@aacos/domain/catalog";
import { and, count, eq, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { autonomousExecutions, autonomousRules, users } from "../../db/schema.js";
import { rolesOf } from "../../platform/auth.js";
import { AppError, forbidden } from "../../platform/errors.js";
import type { RealtimeEnvelope } from "../../platform/realtime-bus.js";
import { estimateTokens } from "../ai/index.js";
import {
  ACCESS,
  AUTONOMOUS_QUEUE,
  type AutonomousContext,
  type ExecutionRow,
  type RuleRow,
} from "./context.js";
import { appFailure, EXECUTION_FAILURES, NO_FAILURE } from "./execution-errors.js";
import {
  BudgetReached,
  type Detail,
  detailOf,
  Killed,
  runFailure,
  severityOf,
  signalOf,
  stopReason,
} from "./views.js";

export function createRunActions(ctx: AutonomousContext) {
  const {
    db,
    clock,
    log,
    jobs,
    deps,
    leaseMs,
    instanceId,
    leaseFrom,
    local,
    readKillSwitch,
    usageOf,
    finish,
  } = ctx;

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

  return { fire, execute, keepLeases, onSignal, abortLocal };
}

export type RunActions = ReturnType<typeof createRunActions>;
