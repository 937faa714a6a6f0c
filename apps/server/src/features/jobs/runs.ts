// Background runs on the job runner: universe syncs and entity runs (one entity, or a batch: parallel jobs with
// quantum processing, one after another without). Each run is a `runs` row whose id is also its job's id, so a run is
// looked up and cancelled by one id (docs/decisions/091-jobs-versus-requests.md).
import { randomUUID } from "node:crypto";
import type { StoredError } from "@aacos/domain/errors";
import { batchModeFor, FINISHED_RUN_STATUSES, JOB_MESSAGES } from "@aacos/domain/jobs";
import type { BackgroundRun, BatchReply } from "@aacos/domain/replies";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { runs } from "../../db/schema.js";
import { AppError, conflict, notFound } from "../../platform/errors.js";
import { effectiveLimits } from "../../platform/live-catalog.js";
import {
  type AiService,
  AnswerInterrupt,
  type AnsweringEntity,
  type ChatTurn,
  type Plan,
  runOutcomeView,
} from "../ai/index.js";
import type { SignalInput } from "../signals/index.js";
import { syncSignal } from "../signals/index.js";
import type { WorkspaceService } from "../workspace/index.js";
import { JobAborted, type JobContext, type JobService } from "./service.js";

export const SYNC_QUEUE = "universe-sync";
export const ENTITY_RUN_QUEUE = "entity-run";
/** The kind of a background entity run's row. */
export const BACKGROUND_RUN_KIND = "background";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The job outlives the plan's processing cap by this much, so the answer's own time-out is what records it. */
const EXPIRY_MARGIN_SECONDS = 30;

export interface SyncJob {
  runId: string;
  userId: string;
}

export interface EntityRunJob {
  runId: string;
  userId: string;
  tier: Plan["tier"];
  world: Plan["world"];
  entityId: string;
  prompt: string;
  batchId: string | null;
  /** A sequential batch: this job queues the batch's next run when it ends. */
  sequential: boolean;
}

/** A run as the API shows it (domain jobs/replies.ts). */
export type BackgroundRunView = BackgroundRun;
export type BatchView = BatchReply;

type RunRow = typeof runs.$inferSelect;

function view(row: RunRow): BackgroundRunView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    entityId: row.entityId,
    universeId: row.universeId,
    batchId: row.kind === BACKGROUND_RUN_KIND ? row.commandId : null,
    input: row.input,
    ...runOutcomeView(row),
  };
}

/** A background entity run started or ended (the "runs" realtime topic carries it too). */
export function backgroundRunSignal(run: BackgroundRunView): SignalInput {
  return {
    kind: "run",
    source: "background",
    severity: run.status === "failed" ? "warning" : "info",
    data: {
      runId: run.id,
      entityId: run.entityId,
      batchId: run.batchId,
      status: run.status,
      durationMs: run.durationMs,
      error: run.error,
    },
  };
}

function turnsFor(entity: AnsweringEntity, prompt: string): ChatTurn[] {
  return [
    ...(entity.systemPrompt.trim() === ""
      ? []
      : [{ role: "system" as const, content: entity.systemPrompt }]),
    { role: "user", content: prompt },
  ];
}

/**
 * The job's time-out: the plan's processing cap in the live catalogue (an admin's override included) plus a margin;
 * an hour when the plan has no cap.
 */
export function expirySecondsFor(plan: Pick<Plan, "tier" | "world">): number {
  const capMs = effectiveLimits(plan.tier, plan.world).maxProcessingTimeMs;
  return capMs > 0 ? Math.ceil(capMs / 1000) + EXPIRY_MARGIN_SECONDS : 3600;
}

const shutDown = (signal: AbortSignal) =>
  signal.reason instanceof JobAborted && signal.reason.kind === "shutdown";

export function createBackgroundRuns(deps: {
  db: Db;
  clock: () => Date;
  jobs: JobService;
  ai: AiService;
  workspace: Pick<WorkspaceService, "queueSync" | "performSync">;
  notify: (userId: string, signal: SignalInput) => void;
  /** Progression: a finished background run earns what a command run does (once per batch). */
  onRunFinished?: (userId: string, key: string) => Promise<unknown>;
  log?: { warn: (object: object, message: string) => void };
}) {
  const { db, ai, jobs } = deps;

  async function row(runId: string): Promise<RunRow | undefined> {
    const [found] = await db.select().from(runs).where(eq(runs.id, runId));
    return found;
  }

  async function ownRun(userId: string, runId: string): Promise<RunRow> {
    const found = UUID.test(runId) ? await row(runId) : undefined;
    if (found === undefined || found.userId !== userId) throw notFound("run", "No such run");
    return found;
  }

  /** A run the instance stopped on shutdown goes back to the queue for the retry on another instance. */
  async function requeueOnShutdown(runId: string, signal: AbortSignal) {
    if (!shutDown(signal)) return;
    await db
      .update(runs)
      .set({ status: "queued", error: null, errorCode: null, errorParams: null, finishedAt: null })
      .where(eq(runs.id, runId));
    throw signal.reason;
  }

  /** Ends a waiting or running run as failed, with its English text and its code (docs/decisions/300). */
  async function fail(
    runId: string,
    message: string,
    code: StoredError,
  ): Promise<BackgroundRunView | null> {
    const [updated] = await db
      .update(runs)
      .set({
        status: "failed",
        error: message,
        errorCode: code.code,
        errorParams: code.params,
        finishedAt: deps.clock(),
      })
      .where(and(eq(runs.id, runId), inArray(runs.status, ["queued", "running"])))
      .returning();
    return updated === undefined ? null : view(updated);
  }

  async function queueNext(job: EntityRunJob) {
    if (job.batchId === null) return;
    const [next] = await db
      .select()
      .from(runs)
      .where(
        and(
          eq(runs.commandId, job.batchId),
          eq(runs.userId, job.userId),
          eq(runs.kind, BACKGROUND_RUN_KIND),
          eq(runs.status, "queued"),
        ),
      )
      .orderBy(asc(runs.createdAt), asc(runs.id))
      .limit(1);
    if (next === undefined || next.entityId === null) return;
    const data: EntityRunJob = { ...job, runId: next.id, entityId: next.entityId };
    await jobs.enqueue(ENTITY_RUN_QUEUE, data, {
      id: next.id,
      expireInSeconds: expirySecondsFor(job),
    });
  }

  async function runEntity(job: JobContext<EntityRunJob>): Promise<unknown> {
    const data = job.data;
    try {
      const current = await row(data.runId);
      // Cancelled while it waited, or already done by an earlier try.
      if (current === undefined || FINISHED_RUN_STATUSES.includes(current.status)) return null;
      const plan: Plan = { userId: data.userId, tier: data.tier, world: data.world };
      let entity: AnsweringEntity;
      let model: string;
      try {
        entity = await ai.directory.getEntity(plan.userId, data.entityId);
        model = ai.modelFor(plan, entity);
      } catch (error) {
        const failed = await fail(
          data.runId,
          error instanceof Error ? error.message : "The entity cannot run",
          error instanceof AppError
            ? ({ code: error.code, params: error.params ?? {} } as StoredError)
            : { code: "entity_cannot_run", params: {} },
        );
        if (failed !== null) deps.notify(data.userId, backgroundRunSignal(failed));
        return null;
      }
      const started = await row(data.runId);
      if (started !== undefined) {
        deps.notify(data.userId, backgroundRunSignal({ ...view(started), status: "running" }));
      }
      // The job's abort (cancel, time-out, shutdown) reaches the provider as the AI feature's own interrupt.
      const interrupt = new AbortController();
      const forward = () => {
        const reason = job.signal.reason;
        interrupt.abort(
          new AnswerInterrupt(
            reason instanceof JobAborted && reason.kind === "timeout" ? "timeout" : "stopped",
          ),
        );
      };
      if (job.signal.aborted) forward();
      else job.signal.addEventListener("abort", forward, { once: true });
      try {
        await ai.answer({
          plan,
          entity,
          model,
          turns: turnsFor(entity, data.prompt),
          kind: "command",
          input: data.prompt,
          runId: data.runId,
          signal: interrupt.signal,
          onDelta: () => {},
        });
      } finally {
        job.signal.removeEventListener("abort", forward);
      }
      await requeueOnShutdown(data.runId, job.signal);
      const finished = await row(data.runId);
      if (finished !== undefined) deps.notify(data.userId, backgroundRunSignal(view(finished)));
      await deps
        .onRunFinished?.(data.userId, data.batchId ?? data.runId)
        .catch((error: unknown) =>
          deps.log?.warn({ err: error }, "background run XP not recorded"),
        );
      return { runId: data.runId, status: finished?.status ?? null };
    } finally {
      if (data.sequential && !shutDown(job.signal)) {
        await queueNext(data).catch((error: unknown) =>
          deps.log?.warn({ err: error, batchId: data.batchId }, "next run of the batch not queued"),
        );
      }
    }
  }

  async function runSync(job: JobContext<SyncJob>): Promise<unknown> {
    const run = await deps.workspace.performSync(job.data.runId, job.signal);
    await requeueOnShutdown(run.id, job.signal);
    deps.notify(job.data.userId, syncSignal(run));
    return { runId: run.id, status: run.status };
  }

  /** Checks the entity (404, paused, model) before anything is queued; refusals come as JSON. */
  async function prepare(plan: Plan, entityIds: readonly string[], prompt: string) {
    const entities: AnsweringEntity[] = [];
    for (const id of entityIds) {
      const entity = await ai.directory.getEntity(plan.userId, id);
      ai.modelFor(plan, entity);
      entities.push(entity);
    }
    const estimated = entities.reduce(
      (sum, entity) => sum + ai.estimate(turnsFor(entity, prompt)),
      0,
    );
    await ai.assertAllowance(plan, estimated);
    return entities;
  }

  async function insertQueued(
    plan: Plan,
    entities: readonly AnsweringEntity[],
    prompt: string,
    batchId: string | null,
  ): Promise<RunRow[]> {
    const now = deps.clock().getTime();
    // One millisecond apart, so a sequential batch keeps the order it was asked in.
    return db
      .insert(runs)
      .values(
        entities.map((entity, index) => ({
          userId: plan.userId,
          kind: BACKGROUND_RUN_KIND,
          universeId: entity.universeId,
          entityId: entity.id,
          commandId: batchId,
          input: prompt,
          status: "queued",
          createdAt: new Date(now + index),
        })),
      )
      .returning()
      .then((rows) => [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()));
  }

  async function enqueueRun(plan: Plan, run: RunRow, batchId: string | null, sequential: boolean) {
    const data: EntityRunJob = {
      runId: run.id,
      userId: plan.userId,
      tier: plan.tier,
      world: plan.world,
      entityId: run.entityId ?? "",
      prompt: run.input,
      batchId,
      sequential,
    };
    try {
      await jobs.enqueue(ENTITY_RUN_QUEUE, data, {
        id: run.id,
        expireInSeconds: expirySecondsFor(plan),
      });
    } catch (error) {
      await fail(run.id, "The run could not be queued", { code: "not_queued", params: {} });
      throw error;
    }
  }

  return {
    /** Registers the workers of the sync and entity-run queues. */
    register() {
      jobs.register<SyncJob>(SYNC_QUEUE, runSync, { retryLimit: 2, concurrency: 2 });
      jobs.register<EntityRunJob>(ENTITY_RUN_QUEUE, runEntity, {
        retryLimit: 1,
        concurrency: 4,
        // Entity runs pass their plan's cap per job; this is the fallback.
        expireInSeconds: 3600,
      });
    },

    /** POST /api/aacos/universe/sync: the queued run; the sync job performs it. */
    async startSync(userId: string, universeId: string): Promise<BackgroundRunView> {
      const run = await deps.workspace.queueSync(userId, universeId);
      const queued = await row(run.id);
      if (queued === undefined) throw notFound("run", "No such run");
      try {
        await jobs.enqueue<SyncJob>(SYNC_QUEUE, { runId: run.id, userId }, { id: run.id });
      } catch (error) {
        await fail(run.id, "The sync could not be queued", { code: "not_queued", params: {} });
        throw error;
      }
      // As it was queued: the job may already be running it.
      return view(queued);
    },

    /** POST /api/aacos/entities/:id/runs. */
    async startEntityRun(plan: Plan, entityId: string, prompt: string): Promise<BackgroundRunView> {
      const entities = await prepare(plan, [entityId], prompt);
      const [run] = await insertQueued(plan, entities, prompt, null);
      if (run === undefined) throw new Error("run not recorded");
      await enqueueRun(plan, run, null, false);
      return view(run);
    },

    /** POST /api/aacos/runs: parallel jobs with quantum processing, otherwise one after another. */
    async startBatch(plan: Plan, entityIds: readonly string[], prompt: string): Promise<BatchView> {
      const entities = await prepare(plan, entityIds, prompt);
      const batchId = randomUUID();
      const mode = batchModeFor(plan.tier);
      const rows = await insertQueued(plan, entities, prompt, batchId);
      if (mode === "parallel") {
        for (const run of rows) await enqueueRun(plan, run, batchId, false);
      } else if (rows[0] !== undefined) {
        await enqueueRun(plan, rows[0], batchId, true);
      }
      return { batchId, mode, runs: rows.map(view) };
    },

    /** GET /api/aacos/runs/:id: any of the caller's runs. */
    async get(userId: string, runId: string): Promise<BackgroundRunView> {
      return view(await ownRun(userId, runId));
    },

    /**
     * POST /api/aacos/runs/:id/cancel: a queued run is stopped before it starts; a running one is aborted on
     * whichever instance runs it (its row turns "stopped" as the answer or sync winds down).
     */
    async cancel(plan: Plan, runId: string): Promise<BackgroundRunView> {
      const { userId } = plan;
      const found = await ownRun(userId, runId);
      if (FINISHED_RUN_STATUSES.includes(found.status))
        throw conflict("job_not_cancellable", JOB_MESSAGES.notCancellable);
      await db
        .update(runs)
        .set({
          status: "stopped",
          error: JOB_MESSAGES.cancelled,
          errorCode: "cancelled",
          errorParams: {},
          finishedAt: deps.clock(),
        })
        .where(and(eq(runs.id, runId), eq(runs.status, "queued")));
      await jobs.cancel([runId]);
      const after = await row(runId);
      if (after === undefined) throw notFound("run", "No such run");
      if (after.status === "stopped" && found.kind === BACKGROUND_RUN_KIND) {
        deps.notify(userId, backgroundRunSignal(view(after)));
        // A sequential batch whose waiting head was cancelled goes on with its next run (an existing job is kept).
        if (found.commandId !== null && found.status === "queued") {
          const [busy] = await db
            .select({ id: runs.id })
            .from(runs)
            .where(and(eq(runs.commandId, found.commandId), eq(runs.status, "running")))
            .limit(1);
          if (busy === undefined) {
            await queueNext({
              runId: found.id,
              userId,
              tier: plan.tier,
              world: plan.world,
              entityId: found.entityId ?? "",
              prompt: found.input,
              batchId: found.commandId,
              sequential: true,
            });
          }
        }
      }
      return view(after);
    },
  };
}

export type BackgroundRuns = ReturnType<typeof createBackgroundRuns>;
