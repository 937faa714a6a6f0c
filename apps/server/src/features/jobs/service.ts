// The job runner: pg-boss queues in the product's own database (PGlite or PostgreSQL), with retries and backoff, time-outs
// that abort the handler's AbortSignal, cancellation that reaches whichever instance runs a job (realtime bus), and a
// dead-letter queue per queue. Several instances share the queues; SKIP LOCKED hands each job to one of them
// (docs/decisions/090-job-runner-pg-boss.md).
import { randomUUID } from "node:crypto";
import os from "node:os";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import type { Database } from "../../db/client.js";
import { jobWorkers } from "../../db/schema.js";
import type { RealtimeBus } from "../../platform/realtime-bus.js";
import { type BossDb, bossDbFor } from "./boss-db.js";

export interface JobContext<T> {
  id: string;
  data: T;
  /** Aborted when the job is cancelled, times out, or the instance shuts down before it finishes. */
  signal: AbortSignal;
  /** 1 on the first try, 2 on the first retry, … */
  attempt: number;
}

export interface RegisterOptions {
  /** Retries after the first try (default 2); each waits twice as long as the one before, with jitter. */
  retryLimit?: number;
  /** The handler's signal aborts after this long, and the job counts as failed (default 15 minutes). */
  expireInSeconds?: number;
  /** Jobs of this queue one instance runs at once (default 2). */
  concurrency?: number;
}

export interface EnqueueOptions {
  retryLimit?: number;
  expireInSeconds?: number;
  /** While a job with this key waits in the queue, enqueueing another one with the key returns the waiting job's id. */
  singletonKey?: string;
  startAfter?: Date;
  /** The job's id (a UUID); by default a new one. Features use their own row's id so they can cancel by it. */
  id?: string;
}

export interface JobState {
  queued: number;
  running: number;
  /** Finished successfully in the last hour. */
  done: number;
  /** Failed for good in the last hour. */
  failed: number;
  /** Waiting in the dead-letter queues (retries exhausted). */
  deadLetter: number;
  /** Worker loops of every live instance. */
  workers: number;
  /** Jobs finished per minute over the last five minutes. */
  throughputPerMinute: number;
}

export interface DeadLetter {
  id: string;
  queue: string;
  data: unknown;
  error: string | null;
  /** Tries the job had before it was given up (its retry limit plus the first try). */
  attempts: number;
  failedAt: string;
}

export interface JobService {
  /** Registers a worker for a queue; call before start() (later works too: the queue starts at once). */
  register<T>(
    queue: string,
    handler: (job: JobContext<T>) => Promise<unknown>,
    options?: RegisterOptions,
  ): void;
  /** Enqueues; returns the job id. singletonKey de-duplicates across instances. */
  enqueue<T>(queue: string, data: T, options?: EnqueueOptions): Promise<string>;
  /** Cancels queued jobs and aborts running ones at once, on whichever instance runs them. */
  cancel(jobIds: string[]): Promise<void>;
  /** Which of these jobs still wait or run (not finished, failed, cancelled or gone). */
  unfinished(jobIds: string[]): Promise<Set<string>>;
  /** For GET /api/aacos/quantum/state; with a user, only jobs whose data names that user (`data.userId`). */
  state(filter?: { userId?: string }): Promise<JobState>;
  /** Dead-letter list (jobs that exhausted retries), newest first. */
  deadLetters(limit: number): Promise<DeadLetter[]>;
  /** Puts a dead letter's data back on its queue as a new job and removes the letter; null when there is no such letter. */
  retryDeadLetter(id: string): Promise<{ jobId: string; queue: string } | null>;
  /** Removes a dead letter for good; false when there is no such letter. */
  dropDeadLetter(id: string): Promise<boolean>;
  start(): Promise<void>;
  /** Stops taking jobs, lets running ones finish for the grace period, then aborts them (they are retried elsewhere). */
  stop(): Promise<void>;
}

/** The reason a job's signal aborted. */
export class JobAborted extends Error {
  constructor(
    readonly kind: "cancelled" | "timeout" | "shutdown",
    message: string,
  ) {
    super(message);
    this.name = "JobAborted";
  }
}

export const DEAD_LETTER_SUFFIX = "-dead-letter";
const SCHEMA = "pgboss";
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_FRESH_SECONDS = 30;

export interface JobServiceDeps {
  database: Database;
  bus: RealtimeBus;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for work (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** The first retry's wait; each further one doubles (pg-boss backoff with jitter). */
  retryDelaySeconds?: number;
  /** How often one instance fails jobs whose instance vanished (expired) and archives old ones. */
  maintenanceIntervalSeconds?: number;
  /** How long stop() lets running jobs finish before aborting them. */
  shutdownGraceMs?: number;
  /**
   * How long after start() the registered queues' workers start (0 by default: at once). The server waits a moment,
   * so their queue checks and first fetches do not run ahead of its first requests (docs/decisions/201-start-up-path.md);
   * a job enqueued meanwhile waits in its queue until they start.
   */
  workersDelayMs?: number;
}

interface Registration {
  handler: (job: JobContext<unknown>) => Promise<unknown>;
  options: RegisterOptions;
}

/** A queue's worker on this instance: one fetch loop feeding up to `concurrency` jobs at once. */
interface Pump {
  queue: string;
  registration: Registration;
  boss: PgBoss;
  concurrency: number;
  active: number;
  /** The last fetch filled every free slot, so more jobs may be waiting. */
  backlog: boolean;
  woken: boolean;
  /** Ends the loop's current sleep (or marks it woken while it fetches). */
  wake: () => void;
  loop: Promise<void>;
}

/** Completes a batch of one queue's jobs, each with its own output: $2 is `[{id, output}]` as JSON. */
const COMPLETE_SQL = `
  UPDATE ${SCHEMA}.job AS j SET completed_on = now(), state = 'completed', output = r.output
  FROM jsonb_to_recordset($2::jsonb) AS r(id uuid, output jsonb)
  WHERE j.name = $1 AND j.id = r.id AND j.state = 'active'`;
/** What pg-boss stores as a finished job's output: an object as it is, anything else as `{value}`. */
function completionOutput(result: unknown): string | null {
  if (result === null || result === undefined || typeof result === "function") return null;
  try {
    return JSON.stringify(
      typeof result === "object" && !Array.isArray(result) ? result : { value: result },
    );
  } catch {
    return null;
  }
}

function abortPromise(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

function errorText(output: unknown): string | null {
  if (typeof output !== "object" || output === null) return null;
  const record = output as { message?: unknown; value?: unknown };
  if (typeof record.message === "string") return record.message;
  if (typeof record.value === "string") return record.value;
  return errorText(record.value);
}

const toNumber = (value: unknown) => Number(value ?? 0);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createJobService(deps: JobServiceDeps): JobService {
  const { log, database } = deps;
  const instance = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const registrations = new Map<string, Registration>();
  const queuesReady = new Map<string, Promise<void>>();
  const running = new Map<string, { controller: AbortController; queue: string }>();
  const pumps = new Map<string, Pump>();
  /** Jobs started here and not yet recorded (completed or failed), for stop() to wait on. */
  const inFlight = new Set<Promise<void>>();
  const completions = new Map<string, { id: string; output: string | null }[]>();
  let flushing: Promise<void> = Promise.resolve();
  let flushQueued = false;
  let bossDb: BossDb | null = null;
  let boss: PgBoss | null = null;
  let started: Promise<void> | null = null;
  let workersTimer: NodeJS.Timeout | null = null;
  let workersStarting: Promise<void> = Promise.resolve();
  let stopping = false;
  let heartbeat: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  const retryDelay = Math.max(1, Math.round(deps.retryDelaySeconds ?? 2));

  function requireBoss(): PgBoss {
    if (boss === null || stopping) throw new Error("the job runner is not running");
    return boss;
  }

  function requireDb(): BossDb {
    if (bossDb === null) throw new Error("the job runner is not running");
    return bossDb;
  }

  async function query(text: string, values: unknown[]) {
    const result = await requireDb().executeSql(text, values);
    return result?.rows ?? [];
  }

  /**
   * Creates a queue unless it exists. Instances starting together would race pg-boss's create_queue (a partition
   * table attached to the job table) into a deadlock, so creation is serialised by an advisory lock.
   */
  async function createQueue(name: string, options: Record<string, unknown>) {
    const [existing] = await query(`SELECT name FROM ${SCHEMA}.queue WHERE name = $1`, [name]);
    if (existing !== undefined) return;
    await requireDb().transaction(async (tx) => {
      await tx.executeSql("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [
        "aacos-job-queues",
      ]);
      const { rows } = await tx.executeSql(`SELECT name FROM ${SCHEMA}.queue WHERE name = $1`, [
        name,
      ]);
      if (rows.length === 0) {
        await tx.executeSql(`SELECT ${SCHEMA}.create_queue($1, $2)`, [
          name,
          { policy: "standard", ...options },
        ]);
      }
    });
  }

  function ensureQueue(name: string): Promise<void> {
    const existing = queuesReady.get(name);
    if (existing !== undefined) return existing;
    const ready = (async () => {
      const pgBoss = requireBoss();
      const options = registrations.get(name)?.options ?? {};
      const deadLetter = `${name}${DEAD_LETTER_SUFFIX}`;
      // Dead letters keep 14 days; nothing works them off, an operator reads them.
      await createQueue(deadLetter, { retentionMinutes: 14 * 24 * 60 });
      const settings = {
        retryLimit: options.retryLimit ?? 2,
        retryDelay,
        retryBackoff: true,
        expireInSeconds: options.expireInSeconds ?? 15 * 60,
        deadLetter,
      };
      await createQueue(name, settings);
      // An existing queue keeps its old settings; this instance's registration wins.
      if (registrations.has(name)) await pgBoss.updateQueue(name, { name, ...settings });
    })();
    queuesReady.set(name, ready);
    ready.catch(() => queuesReady.delete(name));
    return ready;
  }

  async function runJob(
    queue: string,
    registration: Registration,
    job: PgBoss.JobWithMetadata<unknown>,
  ): Promise<unknown> {
    const controller = new AbortController();
    running.set(job.id, { controller, queue });
    const expireMs = Math.max(1, job.expireInSeconds) * 1000;
    const timer = setTimeout(
      () =>
        controller.abort(
          new JobAborted("timeout", `job timed out after ${job.expireInSeconds} seconds`),
        ),
      expireMs,
    );
    try {
      const work = registration.handler({
        id: job.id,
        data: job.data,
        signal: controller.signal,
        attempt: job.retryCount + 1,
      });
      // A handler that ignores its signal is still let go of: pg-boss records the abort as the failure.
      work.catch(() => {});
      return await Promise.race([work, abortPromise(controller.signal)]);
    } catch (error) {
      if (!(error instanceof JobAborted && error.kind === "cancelled")) {
        log.warn({ err: error, queue, jobId: job.id, attempt: job.retryCount + 1 }, "job failed");
      }
      throw error;
    } finally {
      clearTimeout(timer);
      running.delete(job.id);
    }
  }

  /** Records finished jobs in one statement per queue, whatever piled up since the last flush. */
  function queueCompletion(queue: string, id: string, result: unknown) {
    const list = completions.get(queue) ?? [];
    list.push({ id, output: completionOutput(result) });
    completions.set(queue, list);
    if (flushQueued) return;
    flushQueued = true;
    // Jobs finishing while the previous statement runs share the next one. (No wait for the next event-loop turn:
    // on PGlite a busy queue resolves everything in microtasks, and a setImmediate would wait for the whole run.)
    flushing = flushing.then(async () => {
      flushQueued = false;
      const batches = [...completions];
      completions.clear();
      for (const [name, done] of batches) {
        const records = done.map((job) => `{"id":"${job.id}","output":${job.output ?? "null"}}`);
        await query(COMPLETE_SQL, [name, `[${records.join(",")}]`]).catch((error: unknown) =>
          log.warn({ err: error, queue: name }, "finished jobs not recorded"),
        );
      }
    });
  }

  function startJob(pump: Pump, job: PgBoss.JobWithMetadata<unknown>) {
    pump.active += 1;
    const done = runJob(pump.queue, pump.registration, job)
      .then(
        (result) => queueCompletion(pump.queue, job.id, result),
        // pg-boss's own failure: a retry while retries are left, else failed and copied to the dead letter.
        (error: unknown) => pump.boss.fail(pump.queue, job.id, error as object).then(() => {}),
      )
      .catch((error: unknown) =>
        log.warn({ err: error, queue: pump.queue, jobId: job.id }, "job outcome not recorded"),
      )
      .finally(() => {
        pump.active -= 1;
        inFlight.delete(done);
        // A full last fetch means more may be waiting: take the next one now instead of at the next poll.
        if (pump.backlog) pump.wake();
      });
    inFlight.add(done);
  }

  /**
   * One fetch loop per queue: takes as many jobs as it has free slots (`concurrency`) in one statement, runs each on
   * its own, and records outcomes in batches. It sleeps until the polling interval, a local enqueue or a freed slot.
   */
  async function pumpLoop(pump: Pump) {
    const pgBoss = pump.boss;
    const intervalMs = Math.max(10, (deps.pollingIntervalSeconds ?? 0.5) * 1000);
    while (!stopping) {
      pump.woken = false;
      const free = pump.concurrency - pump.active;
      if (free > 0) {
        const jobs = await pgBoss
          .fetch<unknown>(pump.queue, { batchSize: free, includeMetadata: true })
          .catch((error: unknown) => {
            log.warn({ err: error, queue: pump.queue }, "jobs not fetched");
            return [] as PgBoss.JobWithMetadata<unknown>[];
          });
        // Started even when stop() came meanwhile: they are active already, and get the grace period like the rest.
        for (const job of jobs) startJob(pump, job);
        pump.backlog = jobs.length === free;
      }
      if (stopping) break;
      if (pump.woken || (pump.backlog && pump.active < pump.concurrency)) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, intervalMs);
        function done() {
          clearTimeout(timer);
          pump.wake = () => {
            pump.woken = true;
          };
          resolve();
        }
        pump.wake = done;
      });
    }
  }

  async function startWorkers(queue: string, registration: Registration) {
    await ensureQueue(queue);
    // A queue registered after start() may have been started by the delayed start of all workers meanwhile.
    if (pumps.has(queue)) return;
    const pump: Pump = {
      queue,
      registration,
      boss: requireBoss(),
      concurrency: Math.max(1, registration.options.concurrency ?? 2),
      active: 0,
      backlog: false,
      woken: false,
      wake: () => {
        pump.woken = true;
      },
      loop: Promise.resolve(),
    };
    pumps.set(queue, pump);
    pump.loop = pumpLoop(pump).catch((error: unknown) =>
      log.error({ err: error, queue }, "job worker stopped"),
    );
  }

  async function beat() {
    const workers = [...pumps.values()].reduce((sum, pump) => sum + pump.concurrency, 0);
    await database.db
      .insert(jobWorkers)
      .values({ instance, workers, seenAt: sql`now()` })
      .onConflictDoUpdate({ target: jobWorkers.instance, set: { workers, seenAt: sql`now()` } });
  }

  function abortLocal(ids: readonly string[], reason: JobAborted) {
    for (const id of ids) running.get(id)?.controller.abort(reason);
  }

  const service: JobService = {
    register(queue, handler, options = {}) {
      if (registrations.has(queue)) throw new Error(`queue ${queue} already has a worker`);
      const registration: Registration = {
        handler: handler as (job: JobContext<unknown>) => Promise<unknown>,
        options,
      };
      registrations.set(queue, registration);
      if (started !== null) {
        void started
          .then(() => startWorkers(queue, registration))
          .catch((error: unknown) => log.error({ err: error, queue }, "job worker not started"));
      }
    },

    async enqueue(queue, data, options = {}) {
      if (started === null) throw new Error("the job runner is not running");
      await started;
      await ensureQueue(queue);
      const pgBoss = requireBoss();
      const sendOptions: PgBoss.SendOptions = {
        ...(options.id !== undefined ? { id: options.id } : {}),
        ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
        ...(options.expireInSeconds !== undefined
          ? { expireInSeconds: options.expireInSeconds }
          : {}),
        ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
      };
      const send = async (db?: Pick<BossDb, "executeSql">): Promise<string> => {
        const id = await pgBoss.send(queue, data as object, {
          ...sendOptions,
          ...(db !== undefined ? { db: db as unknown as PgBoss.Db } : {}),
        });
        if (id !== null) return id;
        // Only a repeated explicit id conflicts: that job is the answer.
        if (options.id !== undefined) return options.id;
        throw new Error(`job not enqueued on ${queue}`);
      };
      const key = options.singletonKey;
      const id =
        key === undefined
          ? await send()
          : await requireDb().transaction(async (tx) => {
              // One waiting job per key, across instances: the key's lock is held until the insert commits.
              await tx.executeSql("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [
                `aacos-job:${queue}:${key}`,
              ]);
              const { rows } = await tx.executeSql(
                `SELECT id FROM ${SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state < 'active' LIMIT 1`,
                [queue, key],
              );
              const waiting = rows[0];
              return waiting !== undefined ? String(waiting.id) : send(tx);
            });
      // The local worker picks it up now instead of at its next poll.
      pumps.get(queue)?.wake();
      return id;
    },

    async cancel(jobIds) {
      if (jobIds.length === 0) return;
      const pgBoss = requireBoss();
      const rows = await query(
        `SELECT id, name FROM ${SCHEMA}.job WHERE id = ANY($1::uuid[]) AND state < 'completed'`,
        [jobIds],
      );
      const byQueue = new Map<string, string[]>();
      for (const row of rows) {
        const name = String(row.name);
        byQueue.set(name, [...(byQueue.get(name) ?? []), String(row.id)]);
      }
      for (const [name, ids] of byQueue) await pgBoss.cancel(name, ids);
      // Running jobs stop where they run: here at once, elsewhere through the bus (Redis with several instances).
      abortLocal(jobIds, new JobAborted("cancelled", "job cancelled"));
      await deps.bus.publish("jobs", {
        userId: null,
        message: { type: "job-cancel", ids: jobIds },
      });
    },

    async unfinished(jobIds) {
      const ids = jobIds.filter((id) => UUID.test(id));
      if (ids.length === 0) return new Set();
      const rows = await query(
        `SELECT id FROM ${SCHEMA}.job WHERE id = ANY($1::uuid[]) AND state < 'completed'`,
        [ids],
      );
      return new Set(rows.map((row) => String(row.id)));
    },

    async state(filter = {}) {
      const userId = filter.userId ?? null;
      const [row] = await query(
        `SELECT
           count(*) FILTER (WHERE state < 'active' AND NOT dead) AS queued,
           count(*) FILTER (WHERE state = 'active' AND NOT dead) AS running,
           count(*) FILTER (WHERE state = 'completed' AND NOT dead
             AND completed_on > now() - interval '1 hour') AS done,
           count(*) FILTER (WHERE state = 'failed' AND NOT dead
             AND completed_on > now() - interval '1 hour') AS failed,
           count(*) FILTER (WHERE dead AND state < 'active') AS dead_letter,
           count(*) FILTER (WHERE state = 'completed' AND NOT dead
             AND completed_on > now() - interval '5 minutes') AS recent
         FROM (SELECT state, completed_on, right(name, ${DEAD_LETTER_SUFFIX.length}) = '${DEAD_LETTER_SUFFIX}' AS dead
               FROM ${SCHEMA}.job WHERE $1::text IS NULL OR data->>'userId' = $1::text) AS jobs`,
        [userId],
      );
      const [workers] = await database.db
        .select({ total: sql<number>`coalesce(sum(${jobWorkers.workers}), 0)::int` })
        .from(jobWorkers)
        .where(
          sql`${jobWorkers.seenAt} > now() - make_interval(secs => ${HEARTBEAT_FRESH_SECONDS})`,
        );
      return {
        queued: toNumber(row?.queued),
        running: toNumber(row?.running),
        done: toNumber(row?.done),
        failed: toNumber(row?.failed),
        deadLetter: toNumber(row?.dead_letter),
        workers: toNumber(workers?.total),
        throughputPerMinute: Math.round((toNumber(row?.recent) / 5) * 100) / 100,
      };
    },

    async deadLetters(limit) {
      const rows = await query(
        `SELECT id, name, data, output, retry_limit, created_on FROM ${SCHEMA}.job
         WHERE right(name, ${DEAD_LETTER_SUFFIX.length}) = '${DEAD_LETTER_SUFFIX}'
         ORDER BY created_on DESC, id LIMIT $1`,
        [Math.max(1, Math.min(500, Math.floor(limit)))],
      );
      return rows.map((row) => ({
        id: String(row.id),
        queue: String(row.name).slice(0, -DEAD_LETTER_SUFFIX.length),
        data: row.data ?? null,
        error: errorText(row.output),
        // pg-boss copies the failed job's retry limit onto its letter, and gives up once every retry was used.
        attempts: toNumber(row.retry_limit) + 1,
        failedAt: new Date(row.created_on as string | Date).toISOString(),
      }));
    },

    async retryDeadLetter(id) {
      if (!UUID.test(id)) return null;
      const pgBoss = requireBoss();
      const letterOf = `id = $1::uuid AND right(name, ${DEAD_LETTER_SUFFIX.length}) = '${DEAD_LETTER_SUFFIX}' AND state < 'active'`;
      const [found] = await query(`SELECT name FROM ${SCHEMA}.job WHERE ${letterOf}`, [id]);
      if (found === undefined) return null;
      const queue = String(found.name).slice(0, -DEAD_LETTER_SUFFIX.length);
      // Outside the transaction: on PGlite it would wait for the connection the transaction holds.
      await ensureQueue(queue);
      const jobId = await requireDb().transaction(async (tx) => {
        // Deleted in the transaction that enqueues the copy: two admins retrying at once put it back once.
        const { rows } = await tx.executeSql(
          `DELETE FROM ${SCHEMA}.job WHERE ${letterOf} RETURNING data`,
          [id],
        );
        const letter = rows[0];
        if (letter === undefined) return null;
        const sent = await pgBoss.send(queue, (letter.data ?? {}) as object, {
          db: tx as unknown as PgBoss.Db,
        });
        if (sent === null) throw new Error(`dead letter ${id} not put back on ${queue}`);
        return sent;
      });
      if (jobId === null) return null;
      pumps.get(queue)?.wake();
      return { jobId, queue };
    },

    async dropDeadLetter(id) {
      if (!UUID.test(id)) return false;
      const rows = await query(
        `DELETE FROM ${SCHEMA}.job WHERE id = $1::uuid
           AND right(name, ${DEAD_LETTER_SUFFIX.length}) = '${DEAD_LETTER_SUFFIX}' AND state < 'active'
         RETURNING id`,
        [id],
      );
      return rows.length > 0;
    },

    start() {
      if (started !== null) return started;
      started = (async () => {
        bossDb = bossDbFor(database);
        boss = new PgBoss({
          db: bossDb as unknown as PgBoss.Db,
          schema: SCHEMA,
          // Cron stays with platform/scheduler.ts; pg-boss's own cron would add a queue and timers for nothing.
          schedule: false,
          supervise: true,
          migrate: true,
          maintenanceIntervalSeconds: deps.maintenanceIntervalSeconds ?? 60,
        });
        boss.on("error", (error: unknown) => log.warn({ err: error }, "job runner error"));
        await boss.start();
        unsubscribe = await deps.bus.subscribe("jobs", (envelope) => {
          const message = envelope.message as { type: string; ids?: unknown };
          if (message.type !== "job-cancel" || !Array.isArray(message.ids)) return;
          abortLocal(
            message.ids.filter((id): id is string => typeof id === "string"),
            new JobAborted("cancelled", "job cancelled"),
          );
        });
        const startAllWorkers = async () => {
          for (const [queue, registration] of registrations) {
            if (stopping) return;
            if (!pumps.has(queue)) await startWorkers(queue, registration);
          }
          await beat();
        };
        const delay = deps.workersDelayMs ?? 0;
        if (delay > 0) {
          workersTimer = setTimeout(() => {
            workersTimer = null;
            workersStarting = startAllWorkers().catch((error: unknown) =>
              log.error({ err: error }, "job workers not started"),
            );
          }, delay);
          workersTimer.unref();
        } else await startAllWorkers();
        heartbeat = setInterval(() => {
          beat().catch((error: unknown) => log.debug({ err: error }, "job heartbeat not written"));
        }, HEARTBEAT_MS);
        heartbeat.unref();
      })();
      return started;
    },

    async stop() {
      if (started === null || stopping) return;
      await started.catch(() => {});
      stopping = true;
      if (workersTimer !== null) clearTimeout(workersTimer);
      await workersStarting;
      if (heartbeat !== null) clearInterval(heartbeat);
      unsubscribe?.();
      const grace = deps.shutdownGraceMs ?? 10_000;
      try {
        for (const pump of pumps.values()) pump.wake();
        await Promise.all([...pumps.values()].map((pump) => pump.loop));
        // Running jobs get the grace period; then they are aborted and recorded failed, so another instance retries them.
        let graceTimer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...inFlight]),
          new Promise((resolve) => {
            graceTimer = setTimeout(resolve, grace);
          }),
        ]);
        clearTimeout(graceTimer);
        abortLocal(
          [...running.keys()],
          new JobAborted("shutdown", "the server shut down while the job ran"),
        );
        await Promise.allSettled([...inFlight]);
        await flushing;
        await boss?.stop({ graceful: true, wait: true, timeout: 1000 });
      } finally {
        await database.db
          .delete(jobWorkers)
          .where(eq(jobWorkers.instance, instance))
          .catch(() => {});
        await bossDb?.close();
      }
    },
  };
  return service;
}
