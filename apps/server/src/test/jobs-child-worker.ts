// A job runner in a child process for the kill test (test/jobs.ts): works one queue and never finishes a job, printing
// "ready" once working and "started <job id>" for each job it takes.
import pino from "pino";
import { openPostgres } from "../db/client.js";
import { createJobService } from "../features/jobs/index.js";
import { createRealtimeBus } from "../platform/realtime-bus.js";

const url = process.env.CHILD_DATABASE_URL ?? "";
const queue = process.env.CHILD_QUEUE ?? "";
const log = pino({ level: "silent" });
const database = await openPostgres(url);
const jobs = createJobService({
  database,
  bus: await createRealtimeBus({ redis: null, prefix: "child", log }),
  log,
});
jobs.register(
  queue,
  async (job) => {
    process.stdout.write(`started ${job.id}\n`);
    await new Promise(() => {});
  },
  { expireInSeconds: Number(process.env.CHILD_EXPIRE ?? 2), retryLimit: 2, concurrency: 1 },
);
await jobs.start();
process.stdout.write("ready\n");
