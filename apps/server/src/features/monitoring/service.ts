// Metrics: the live system view (this instance's last 100 samples, every instance's latest), the Prometheus text
// (its queue gauges read the job runner itself) and the hourly retention prune.

import { type MetricFamily, renderPrometheus } from "@aacos/domain/monitoring";
import type { InstanceLatest as InstanceLatestReply } from "@aacos/domain/replies";
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { metricSamples } from "../../db/schema.js";
import type { JobState } from "../jobs/index.js";
import type { RequestStats } from "./request-stats.js";
import { SAMPLE_METRICS, type SystemReading, type SystemSampler } from "./sampler.js";

/** metric_samples rows older than this are pruned hourly. */
export const METRIC_RETENTION_MS = 7 * 86_400_000;

/** An instance's latest stored figures (domain monitoring/replies.ts). */
export type InstanceLatest = InstanceLatestReply;

export function createMetricsService(deps: {
  db: Db;
  clock: () => Date;
  instance: string;
  sampler: SystemSampler;
  requests: RequestStats;
  readSystem: () => SystemReading;
  /** The job runner's figures (features/jobs): every queue, every instance. */
  jobState: () => Promise<JobState>;
}) {
  const { db, clock } = deps;

  async function latestOfEveryInstance(): Promise<InstanceLatest[]> {
    const since = new Date(clock().getTime() - 3_600_000);
    const rows = await db
      .selectDistinctOn([metricSamples.instance, metricSamples.metric], {
        instance: metricSamples.instance,
        metric: metricSamples.metric,
        value: metricSamples.value,
        createdAt: metricSamples.createdAt,
      })
      .from(metricSamples)
      .where(
        and(
          gte(metricSamples.createdAt, since),
          inArray(metricSamples.metric, Object.values(SAMPLE_METRICS)),
        ),
      )
      .orderBy(metricSamples.instance, metricSamples.metric, sql`${metricSamples.createdAt} desc`);
    const byInstance = new Map<string, InstanceLatest>();
    for (const row of rows) {
      const entry = byInstance.get(row.instance) ?? {
        instance: row.instance,
        at: row.createdAt.toISOString(),
        cpuPercent: null,
        memoryPercent: null,
        memoryUsedBytes: null,
        memoryTotalBytes: null,
        uptimeSeconds: null,
      };
      if (row.createdAt.toISOString() > entry.at) entry.at = row.createdAt.toISOString();
      if (row.metric === SAMPLE_METRICS.cpuPercent) entry.cpuPercent = row.value;
      if (row.metric === SAMPLE_METRICS.memoryPercent) entry.memoryPercent = row.value;
      if (row.metric === SAMPLE_METRICS.memoryUsedBytes) entry.memoryUsedBytes = row.value;
      if (row.metric === SAMPLE_METRICS.memoryTotalBytes) entry.memoryTotalBytes = row.value;
      if (row.metric === SAMPLE_METRICS.uptimeSeconds) entry.uptimeSeconds = row.value;
      byInstance.set(row.instance, entry);
    }
    return [...byInstance.values()];
  }

  return {
    sampler: deps.sampler,

    /** GET /api/metrics/system: the live view. */
    async systemView() {
      const requests = deps.requests.snapshot();
      return {
        instance: deps.instance,
        samples: deps.sampler.samples(),
        instances: await latestOfEveryInstance(),
        requests: {
          ratePerMinute: requests.ratePerMinute,
          errorRate: requests.errorRate,
          p50Ms: requests.p50Seconds * 1000,
          p95Ms: requests.p95Seconds * 1000,
          p99Ms: requests.p99Seconds * 1000,
        },
      };
    },

    /** GET /metrics: this instance's figures and the whole queue, in Prometheus text format. */
    async prometheus(): Promise<string> {
      const system = deps.sampler.latest() ?? deps.readSystem();
      const requests = deps.requests.snapshot();
      const queue = await deps.jobState();
      const gauge = (name: string, help: string, value: number): MetricFamily => ({
        name,
        help,
        type: "gauge",
        samples: [{ value }],
      });
      return renderPrometheus([
        gauge(
          "aacos_cpu_percent",
          "CPU busy share of this instance's machine, percent",
          system.cpuPercent,
        ),
        gauge("aacos_memory_used_bytes", "Memory in use on this machine", system.memory.usedBytes),
        gauge("aacos_memory_free_bytes", "Free memory on this machine", system.memory.freeBytes),
        gauge("aacos_memory_total_bytes", "Total memory of this machine", system.memory.totalBytes),
        gauge("aacos_memory_percent", "Memory in use, percent", system.memory.percentage),
        gauge(
          "aacos_process_resident_memory_bytes",
          "Resident memory of this process",
          system.process.rssBytes,
        ),
        gauge("aacos_uptime_seconds", "Seconds since this process started", system.uptimeSeconds),
        {
          name: "aacos_http_requests_total",
          help: "HTTP requests answered by this instance, by status code",
          type: "counter",
          samples: Object.entries(requests.totalByStatus).map(([status, value]) => ({
            labels: { status },
            value,
          })),
        },
        {
          name: "aacos_http_request_duration_seconds",
          help: "Request latency over the most recent 1024 requests",
          type: "summary",
          samples: [
            { labels: { quantile: "0.5" }, value: requests.p50Seconds },
            { labels: { quantile: "0.95" }, value: requests.p95Seconds },
            { labels: { quantile: "0.99" }, value: requests.p99Seconds },
            { name: "aacos_http_request_duration_seconds_sum", value: requests.durationSumSeconds },
            { name: "aacos_http_request_duration_seconds_count", value: requests.total },
          ],
        },
        gauge("aacos_queue_queued", "Jobs waiting in the job runner", queue.queued),
        gauge("aacos_queue_running", "Jobs running now", queue.running),
        gauge("aacos_queue_done", "Jobs finished successfully in the last hour", queue.done),
        gauge("aacos_queue_failed", "Jobs failed for good in the last hour", queue.failed),
        gauge(
          "aacos_queue_dead_letter",
          "Jobs waiting in the dead-letter queues",
          queue.deadLetter,
        ),
        gauge("aacos_queue_workers", "Worker loops of every live instance", queue.workers),
        gauge(
          "aacos_queue_throughput_per_minute",
          "Jobs finished per minute over the last five minutes",
          queue.throughputPerMinute,
        ),
      ]);
    },

    /** Drops samples past the retention window (hourly, one instance). */
    async prune(): Promise<void> {
      const cutoff = new Date(clock().getTime() - METRIC_RETENTION_MS);
      await db.delete(metricSamples).where(lt(metricSamples.createdAt, cutoff));
    },

    /** The values of one metric in a window, per instance (the built-in system alert rules read these). */
    async windowValues(metric: string, windowMs: number) {
      const since = new Date(clock().getTime() - windowMs);
      return db
        .select({ instance: metricSamples.instance, value: metricSamples.value })
        .from(metricSamples)
        .where(and(eq(metricSamples.metric, metric), gte(metricSamples.createdAt, since)));
    },
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
