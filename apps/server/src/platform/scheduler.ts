// Scheduled jobs that run once per period across every server instance: each run first claims its slot in job_runs
// (`<name>:<period start>`), and only the instance whose insert wins runs it. Started by main.ts, never by tests.
import { eq, lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.js";
import { jobRuns } from "../db/schema.js";

/** Slots older than this are forgotten. */
const KEEP_RUNS_MS = 7 * 86_400_000;

export interface Scheduler {
  /**
   * Runs `job` once per `periodMs` (first after `firstRunDelayMs`, then on every tick), on whichever instance claims
   * the slot first.
   */
  every(periodMs: number, name: string, job: () => Promise<unknown>): void;
  /** Stops the timers and waits for a running job to finish. */
  stop(): Promise<void>;
}

/** The slot a moment falls in: the job's name and the start of its period (an ISO hour for hourly jobs). */
export function slotFor(name: string, periodMs: number, now: Date): string {
  return `${name}:${new Date(Math.floor(now.getTime() / periodMs) * periodMs).toISOString()}`;
}

/** Claims a slot; true for exactly one caller however many instances try at once. */
export async function claimSlot(db: Db, slot: string, now: Date): Promise<boolean> {
  const claimed = await db
    .insert(jobRuns)
    .values({ slot, startedAt: now })
    .onConflictDoNothing()
    .returning({ slot: jobRuns.slot });
  return claimed.length > 0;
}

export function createScheduler(deps: {
  db: Db;
  clock: () => Date;
  log: FastifyBaseLogger;
  /** How often each job looks whether its next slot has come; a minute by default. */
  tickMs?: number;
  /**
   * How long after `every` a job first looks (0 by default). main.ts waits a few seconds, so the start-up runs of
   * every job do not queue on the database ahead of the first requests (docs/decisions/201-start-up-path.md).
   */
  firstRunDelayMs?: number;
}): Scheduler {
  const { db, clock, log } = deps;
  const timers: NodeJS.Timeout[] = [];
  const firstRuns: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;

  async function runOnce(name: string, periodMs: number, job: () => Promise<unknown>) {
    const now = clock();
    const slot = slotFor(name, periodMs, now);
    if (!(await claimSlot(db, slot, now))) return;
    const started = Date.now();
    try {
      const result = await job();
      log.info({ job: name, slot, ms: Date.now() - started, result }, "scheduled job finished");
    } catch (error) {
      // The slot stays claimed: the next period's run catches up, as every job here is idempotent.
      log.error({ err: error, job: name, slot }, "scheduled job failed");
    } finally {
      await db
        .update(jobRuns)
        .set({ finishedAt: clock() })
        .where(eq(jobRuns.slot, slot))
        .catch(() => {});
      await db
        .delete(jobRuns)
        .where(lt(jobRuns.startedAt, new Date(now.getTime() - KEEP_RUNS_MS)))
        .catch(() => {});
    }
  }

  return {
    every(periodMs, name, job) {
      let busy = false;
      const tick = () => {
        if (stopped || busy) return;
        busy = true;
        const run = runOnce(name, periodMs, job)
          .catch((error: unknown) => log.error({ err: error, job: name }, "job slot claim failed"))
          .finally(() => {
            busy = false;
            running.delete(run);
          });
        running.add(run);
      };
      const delay = deps.firstRunDelayMs ?? 0;
      if (delay > 0) {
        const first = setTimeout(tick, delay);
        first.unref();
        firstRuns.push(first);
      } else tick();
      const timer = setInterval(tick, Math.min(deps.tickMs ?? 60_000, periodMs));
      timer.unref();
      timers.push(timer);
    },

    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      for (const first of firstRuns) clearTimeout(first);
      await Promise.allSettled([...running]);
    },
  };
}
