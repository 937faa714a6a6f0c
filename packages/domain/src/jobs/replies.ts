// Replies of background runs and dead letters: one run (started, read, cancelled), a batch of runs, the admins' dead
// letters and what retrying or dropping one did.
import { z } from "zod";
import { runOutcome, Timestamp } from "../replies/common.js";

export const BackgroundRun = z.object({
  id: z.string(),
  kind: z.string(),
  /** queued → running → complete (a sync: succeeded), failed or stopped. */
  status: z.string(),
  entityId: z.string().nullable(),
  universeId: z.string().nullable(),
  batchId: z.string().nullable(),
  input: z.string(),
  ...runOutcome,
});
export type BackgroundRun = z.input<typeof BackgroundRun>;

/** POST /api/aacos/runs (202): the batch and its runs, in parallel with quantum processing, else one after another. */
export const BatchReply = z.object({
  batchId: z.string(),
  mode: z.enum(["parallel", "sequential"]),
  runs: z.array(BackgroundRun),
});
export type BatchReply = z.input<typeof BatchReply>;

/** One dead letter as the admin console shows it: a job that used up its retries. */
export const DeadLetterView = z.object({
  id: z.string(),
  queue: z.string(),
  /** The job's data as it was queued. */
  data: z.unknown(),
  error: z.string().nullable(),
  /** Tries the job had before it was given up. */
  attempts: z.number(),
  failedAt: Timestamp,
});
export type DeadLetterView = z.input<typeof DeadLetterView>;
/** A dead letter put back on its queue as a new job. */
export const DeadLetterRetried = z.object({ jobId: z.string(), queue: z.string() });
export type DeadLetterRetried = z.input<typeof DeadLetterRetried>;
export const DeadLetterDropped = z.object({ dropped: z.literal(true) });
export type DeadLetterDropped = z.input<typeof DeadLetterDropped>;
