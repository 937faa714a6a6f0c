// Autonomous control (docs/decisions/095-autonomous-control.md): rules that send a command to the owner's entities on
// a cron schedule or a matching signal, under per-rule budgets, a per-rule switch and an instance-wide kill switch.
// Every firing is an execution row whose (rule, slot) key is unique, so one due time runs once across instances;
// the run itself goes through the job runner and the command service (tokens, run rows, signals). A running
// execution holds a lease its instance renews on every tick; one whose lease ran out lost its instance and is closed
// as failed by whichever instance ticks next (docs/decisions/231-autonomous-leases.md). A run stops where it would
// pass the rule's tokens per day.
// The service is assembled from its parts (docs/decisions/260): the shared context (context.ts), the rows' views
// (views.ts), firing and running (runs.ts) and the rules (rules.ts); the timer, the subscriptions and the stop live here.

import { and, eq, lte } from "drizzle-orm";
import { autonomousRules } from "../../db/schema.js";
import {
  AUTONOMOUS_QUEUE,
  type AutonomousDeps,
  type AutonomousService,
  createAutonomousContext,
} from "./context.js";
import { EXECUTION_FAILURES } from "./execution-errors.js";
import { createRuleActions } from "./rules.js";
import { createRunActions } from "./runs.js";
import { Killed } from "./views.js";

export { AUTONOMOUS_QUEUE, type AutonomousDeps, type AutonomousService } from "./context.js";

export function createAutonomousService(deps: AutonomousDeps): AutonomousService {
  const ctx = createAutonomousContext(deps);
  const { db, clock, log, bus, jobs, local, readKillSwitch, nextDueFor } = ctx;
  const runs = createRunActions(ctx);
  const { fire, execute, keepLeases, onSignal, abortLocal } = runs;
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

  const service: AutonomousService = {
    ...createRuleActions(ctx, runs),

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
