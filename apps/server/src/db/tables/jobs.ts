// Jobs: scheduled slots run once across instances, and each instance's workers. The queue itself is pg-boss's own
// schema `pgboss`, created by pg-boss at start-up (docs/decisions/090-job-runner-pg-boss.md).
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestampTz } from "./columns.js";

/** Runs of scheduled jobs, so several instances run each slot once (the unique key is the slot). */
export const jobRuns = pgTable("job_runs", {
  slot: text("slot").primaryKey(),
  startedAt: timestampTz("started_at").notNull().defaultNow(),
  finishedAt: timestampTz("finished_at"),
});

/** Each server instance's job workers, refreshed every few seconds: the `workers` figure of the quantum state. */
export const jobWorkers = pgTable("job_workers", {
  instance: text("instance").primaryKey(),
  workers: integer("workers").notNull(),
  seenAt: timestampTz("seen_at").notNull().defaultNow(),
});
