// Jobs per second through the job runner (pg-boss, features/jobs) beside a bare baseline on the same database in the
// same run: PRODUCERS concurrent loops enqueue no-op jobs that 4 workers run, timed from the first enqueue to the last
// job recorded done; the baseline is the same loops doing a plain INSERT and DELETE of one row per job over the
// runner's own connection (the least a job's row can cost). In-memory PGlite, and PostgreSQL when DATABASE_URL is set.
import { randomUUID } from "node:crypto";
import pino from "pino";
import { type Database, openPglite } from "../apps/server/src/db/client.js";
import { bossDbFor } from "../apps/server/src/features/jobs/boss-db.js";
import { createJobService } from "../apps/server/src/features/jobs/service.js";
import { createRealtimeBus } from "../apps/server/src/platform/realtime-bus.js";
import { withBenchPostgres } from "./support.js";

const JOBS = Number(process.env.BENCH_JOBS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_JOB_CONCURRENCY ?? 4);
const PRODUCERS = Number(process.env.BENCH_JOB_PRODUCERS ?? 4);
const TARGETS = { postgres: 1000, pglite: 500, ratio: 0.25 };

/** Runs `count` calls of `step` from PRODUCERS loops at once. */
async function produce(count: number, step: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: PRODUCERS }, async () => {
      while (next < count) await step(next++);
    }),
  );
}

/** INSERT + DELETE of one row per job, on the connection the job runner uses. */
async function rawLoop(database: Database): Promise<number> {
  const db = bossDbFor(database);
  await db.executeSql("CREATE TABLE IF NOT EXISTS bench_raw (id uuid PRIMARY KEY, data jsonb)");
  const started = performance.now();
  await produce(JOBS, async (i) => {
    const id = randomUUID();
    await db.executeSql("INSERT INTO bench_raw (id, data) VALUES ($1, $2)", [id, { i }]);
    await db.executeSql("DELETE FROM bench_raw WHERE id = $1", [id]);
  });
  const seconds = (performance.now() - started) / 1000;
  await db.executeSql("DROP TABLE bench_raw");
  await db.close();
  return JOBS / seconds;
}

async function jobLoop(
  database: Database,
): Promise<{ perSecond: number; enqueuePerSecond: number }> {
  const log = pino({ level: "silent" });
  const jobs = createJobService({
    database,
    bus: await createRealtimeBus({ redis: null, prefix: "bench", log }),
    log,
  });
  let done = 0;
  let finished: () => void = () => {};
  const allDone = new Promise<void>((resolve) => {
    finished = resolve;
  });
  jobs.register(
    "bench-noop",
    async () => {
      done += 1;
      if (done === JOBS) finished();
    },
    { concurrency: CONCURRENCY },
  );
  await jobs.start();
  // One job first, so the queue exists and the workers are awake before the clock starts.
  await jobs.enqueue("bench-noop", { warmup: true });
  while (done < 1) await new Promise((resolve) => setTimeout(resolve, 5));
  done = 0;
  const started = performance.now();
  await produce(JOBS, (i) => jobs.enqueue("bench-noop", { i }));
  const enqueued = performance.now();
  await allDone;
  // Done means recorded: wait until no job of the queue is still active or unrecorded.
  const db = bossDbFor(database);
  for (;;) {
    const { rows } = await db.executeSql(
      "SELECT count(*)::int AS open FROM pgboss.job WHERE name = $1 AND state < 'completed'",
      ["bench-noop"],
    );
    if (Number(rows[0]?.open ?? 0) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const ended = performance.now();
  await db.close();
  await jobs.stop();
  return {
    perSecond: JOBS / ((ended - started) / 1000),
    enqueuePerSecond: JOBS / ((enqueued - started) / 1000),
  };
}

async function measure(label: string, database: Database, target: number) {
  const raw = await rawLoop(database);
  const job = await jobLoop(database);
  const ratio = job.perSecond / raw;
  console.log(
    `job throughput, ${label}: ${JOBS} no-op jobs, ${CONCURRENCY} workers, ${PRODUCERS} producers — ` +
      `${job.perSecond.toFixed(0)} jobs/s enqueue-to-done (target ≥ ${target}), enqueue alone ${job.enqueuePerSecond.toFixed(0)}/s; ` +
      `raw insert+delete ${raw.toFixed(0)}/s; ratio ${ratio.toFixed(2)}× (target ≥ ${TARGETS.ratio}×)`,
  );
}

const pglite = await openPglite({});
await measure("PGlite", pglite, TARGETS.pglite);
await pglite.close();

const baseUrl = process.env.DATABASE_URL;
if (baseUrl) {
  await withBenchPostgres(baseUrl, (postgres) => measure("PostgreSQL", postgres, TARGETS.postgres));
} else {
  console.log("(set DATABASE_URL to measure PostgreSQL too)");
}
