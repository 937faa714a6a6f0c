// Tables of the jobs feature; re-exported by schema.ts so Drizzle and drizzle-kit see one schema. The queue itself is
// pg-boss's own schema `pgboss`, created by pg-boss at start-up (docs/decisions/090-job-runner-pg-boss.md).
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Each server instance's job workers, refreshed every few seconds: the `workers` figure of the quantum state. */
export const jobWorkers = pgTable("job_workers", {
  instance: text("instance").primaryKey(),
  workers: integer("workers").notNull(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
});
