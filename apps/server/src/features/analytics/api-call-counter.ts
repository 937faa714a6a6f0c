// Durable API-call counts per UTC day and tier (docs/decisions/221-api-calls-by-tier.md). The request path only adds
// one to a number in a map; every FLUSH_MS (and before a report is read, and at close) the counts are added to
// api_call_days in one statement. Kept apart from metering, which decides whether a call may run at all.
import type { TierName } from "@aacos/domain/catalog";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../../db/client.js";
import { apiCallDays } from "../../db/schema.js";
import { meteringOf } from "../../platform/metering.js";

/** How often counts reach the database; a report on another instance may miss at most this much. */
const FLUSH_MS = 10_000;

export interface ApiCallCounter {
  count(tier: TierName): void;
  /** Adds the counts so far to the database (a failed flush keeps them for the next one). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

export function createApiCallCounter(deps: {
  db: Db;
  clock: () => Date;
  log: FastifyBaseLogger;
  flushMs?: number;
}): ApiCallCounter {
  const pending = new Map<string, { day: string; tier: string; calls: number }>();
  let flushing: Promise<void> = Promise.resolve();

  async function write() {
    if (pending.size === 0) return;
    const rows = [...pending.values()];
    pending.clear();
    try {
      await deps.db
        .insert(apiCallDays)
        .values(rows)
        .onConflictDoUpdate({
          target: [apiCallDays.day, apiCallDays.tier],
          set: { calls: sql`${apiCallDays.calls} + excluded.calls` },
        });
    } catch (error) {
      for (const row of rows) add(row.day, row.tier, row.calls);
      deps.log.warn({ err: error }, "API-call counts kept for the next flush");
    }
  }

  function add(day: string, tier: string, calls: number) {
    const key = `${day}|${tier}`;
    const row = pending.get(key);
    if (row === undefined) pending.set(key, { day, tier, calls });
    else row.calls += calls;
  }

  const flush = () => {
    // One flush at a time, so two cannot add the same counts.
    flushing = flushing.then(write);
    return flushing;
  };
  const timer = setInterval(() => void flush(), deps.flushMs ?? FLUSH_MS);
  timer.unref();

  // The UTC date of the last day a call was counted on, so a call does not format a date.
  let dayNumber = Number.NaN;
  let day = "";
  return {
    count(tier) {
      const now = deps.clock().getTime();
      const number = Math.floor(now / 86_400_000);
      if (number !== dayNumber) {
        dayNumber = number;
        day = new Date(now).toISOString().slice(0, 10);
      }
      add(day, tier, 1);
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** Counts every metered plan call the server let through (whatever its answer), by the caller's tier. */
export const apiCallCountPlugin = fp(
  async (app: FastifyInstance, options: { counter: ApiCallCounter }) => {
    app.pipeline.onResponse((request, reply, done) => {
      const principal = request.principal;
      if (principal !== null && reply.statusCode !== 429 && meteringOf(request) === "plan") {
        options.counter.count(principal.tier);
      }
      done();
    });
    app.addHook("onClose", () => options.counter.stop());
  },
  { name: "api-call-count" },
);
