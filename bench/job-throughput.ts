// Jobs per second through the job runner (pg-boss, features/jobs): enqueues a batch of no-op jobs and times until
// every one has run, on in-memory PGlite and, when DATABASE_URL is set, on a PostgreSQL database of its own.
import { randomBytes } from "node:crypto";
import pg from "pg";
import pino from "pino";
import { type Database, openPglite, openPostgres } from "../apps/server/src/db/client.js";
import { createJobService } from "../apps/server/src/features/jobs/service.js";
import { createRealtimeBus } from "../apps/server/src/platform/realtime-bus.js";

const JOBS = Number(process.env.BENCH_JOBS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_JOB_CONCURRENCY ?? 4);

async function measure(label: string, database: Database) {
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
  const started = performance.now();
  for (let i = 0; i < JOBS; i++) await jobs.enqueue("bench-noop", { i });
  const enqueued = performance.now();
  await allDone;
  const ended = performance.now();
  await jobs.stop();
  const seconds = (ended - started) / 1000;
  console.log(
    `${label}: ${JOBS} jobs, ${CONCURRENCY} workers — enqueue ${((JOBS * 1000) / (enqueued - started)).toFixed(0)}/s, ` +
      `enqueue-to-done ${(JOBS / seconds).toFixed(0)} jobs/s (${seconds.toFixed(2)} s)`,
  );
}

const pglite = await openPglite({});
await measure("job throughput, PGlite", pglite);
await pglite.close();

const baseUrl = process.env.DATABASE_URL;
if (baseUrl) {
  const name = `aacos_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const postgres = await openPostgres(url.toString());
  try {
    await measure("job throughput, PostgreSQL", postgres);
  } finally {
    await postgres.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else {
  console.log("(set DATABASE_URL to measure PostgreSQL too)");
}
