// Jobs: scheduled slots run once across instances, and each instance's workers. The queue itself is pg-boss's own
// schema `pgboss`, created by pg-boss at start-up (docs/decisions/090-job-runner-pg-boss.md).
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Runs of scheduled jobs, so several instances run each slot once (the unique key is the slot). */
export const jobRuns = pgTable("job_runs", {
  slot: text("slot").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});

/** Each server instance's job workers, refreshed every few seconds: the `workers` figure of the quantum state. */
export const jobWorkers = pgTable("job_workers", {
  instance: text("instance").primaryKey(),
  workers: integer("workers").notNull(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
});
