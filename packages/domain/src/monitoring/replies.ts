// Replies of metrics: the live system view (this instance's recent samples, every instance's latest figures, the
// request rates) and the caller's share of the job runner. GET /metrics is Prometheus text, not a reply schema.
import { z } from "zod";
import { Timestamp } from "../replies/common.js";

export const SystemSample = z.object({
  at: Timestamp,
  cpuPercent: z.number(),
  memory: z.object({
    usedBytes: z.number(),
    freeBytes: z.number(),
    totalBytes: z.number(),
    percentage: z.number(),
  }),
  process: z.object({ rssBytes: z.number(), heapUsedBytes: z.number() }),
  uptimeSeconds: z.number(),
});
export type SystemSample = z.input<typeof SystemSample>;

/** An instance's latest stored figures within the hour (null: not sampled). */
export const InstanceLatest = z.object({
  instance: z.string(),
  at: Timestamp,
  cpuPercent: z.number().nullable(),
  memoryPercent: z.number().nullable(),
  memoryUsedBytes: z.number().nullable(),
  memoryTotalBytes: z.number().nullable(),
  uptimeSeconds: z.number().nullable(),
});
export type InstanceLatest = z.input<typeof InstanceLatest>;

/** GET /api/metrics/system. */
export const SystemView = z.object({
  instance: z.string(),
  samples: z.array(SystemSample),
  instances: z.array(InstanceLatest),
  requests: z.object({
    ratePerMinute: z.number(),
    errorRate: z.number(),
    p50Ms: z.number(),
    p95Ms: z.number(),
    p99Ms: z.number(),
  }),
});
export type SystemView = z.input<typeof SystemView>;

/** GET /api/aacos/quantum/state: the caller's jobs (workers count every instance). */
export const QuantumState = z.object({
  queued: z.number(),
  running: z.number(),
  /** Finished successfully in the last hour. */
  done: z.number(),
  /** Failed for good in the last hour. */
  failed: z.number(),
  /** Waiting in the dead-letter queues (retries exhausted). */
  deadLetter: z.number(),
  workers: z.number(),
  /** Jobs finished per minute over the last five minutes. */
  throughputPerMinute: z.number(),
  /** The same figure under its older name. */
  throughput: z.number(),
});
export type QuantumState = z.input<typeof QuantumState>;
