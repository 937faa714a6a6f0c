// The per-instance system sampler (docs/product.md §9: every 5 s, the last 100 kept): CPU, memory and uptime, held in memory
// for the live view and written to metric_samples so every instance's latest figures are visible.
import os from "node:os";
import { SAMPLES_KEPT } from "@aacos/domain/monitoring";
import type { Db } from "../../db/client.js";
import { metricSamples } from "../../db/schema.js";
import type { RealtimeEnvelope } from "../../platform/realtime-bus.js";

export interface SystemReading {
  cpuPercent: number;
  memory: { usedBytes: number; freeBytes: number; totalBytes: number; percentage: number };
  process: { rssBytes: number; heapUsedBytes: number };
  uptimeSeconds: number;
}

export interface SystemSample extends SystemReading {
  at: string;
}

/** A sample as admins' realtime dashboards receive it on the "metrics" topic (userId null: admin sockets only). */
export function liveMetricsEnvelope(sample: SystemSample): RealtimeEnvelope {
  return {
    userId: null,
    message: {
      type: "metrics",
      at: sample.at,
      values: {
        cpuPercent: sample.cpuPercent,
        memoryPercent: sample.memory.percentage,
        memoryUsedBytes: sample.memory.usedBytes,
        memoryTotalBytes: sample.memory.totalBytes,
        uptimeSeconds: sample.uptimeSeconds,
      },
    },
  };
}

/** Names of the rows one sample writes to metric_samples. */
export const SAMPLE_METRICS = {
  cpuPercent: "system.cpu_percent",
  memoryPercent: "system.memory_percent",
  memoryUsedBytes: "system.memory_used_bytes",
  memoryFreeBytes: "system.memory_free_bytes",
  memoryTotalBytes: "system.memory_total_bytes",
  processRssBytes: "process.rss_bytes",
  uptimeSeconds: "process.uptime_seconds",
} as const;

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/** Reads the machine: CPU from the busy share of os.cpus() times since the last read (load average at first). */
export function createOsReader(): () => SystemReading {
  let previous: { busy: number; total: number } | null = null;
  const cpuTimes = () => {
    let busy = 0;
    let total = 0;
    for (const cpu of os.cpus()) {
      const { user, nice, sys, irq, idle } = cpu.times;
      busy += user + nice + sys + irq;
      total += user + nice + sys + irq + idle;
    }
    return { busy, total };
  };
  return () => {
    const times = cpuTimes();
    let cpuPercent: number;
    if (previous !== null && times.total > previous.total) {
      cpuPercent = ((times.busy - previous.busy) / (times.total - previous.total)) * 100;
    } else {
      const cores = Math.max(1, os.cpus().length);
      cpuPercent = ((os.loadavg()[0] ?? 0) / cores) * 100;
    }
    previous = times;
    const totalBytes = os.totalmem();
    const freeBytes = os.freemem();
    const usedBytes = totalBytes - freeBytes;
    const memory = process.memoryUsage();
    return {
      cpuPercent: round(Math.min(100, Math.max(0, cpuPercent))),
      memory: {
        usedBytes,
        freeBytes,
        totalBytes,
        percentage: totalBytes === 0 ? 0 : round((usedBytes / totalBytes) * 100),
      },
      process: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
      uptimeSeconds: Math.round(process.uptime()),
    };
  };
}

export interface SystemSampler {
  /** Takes one sample, keeps it and writes it to the table. */
  sampleOnce(): Promise<SystemSample>;
  /** The kept samples, oldest first (at most 100). */
  samples(): SystemSample[];
  latest(): SystemSample | null;
  /** Samples every `intervalMs` until the returned stop is called (main.ts; tests call sampleOnce). */
  start(intervalMs: number, onError: (error: unknown) => void): () => void;
}

export function createSystemSampler(deps: {
  db: Db;
  clock: () => Date;
  instance: string;
  readSystem: () => SystemReading;
  keep?: number;
  /** Told of every sample after it is stored (the realtime "metrics" topic); its failure does not lose the sample. */
  onSample?: (sample: SystemSample) => Promise<unknown> | unknown;
}): SystemSampler {
  const keep = deps.keep ?? SAMPLES_KEPT;
  const kept: SystemSample[] = [];

  async function sampleOnce(): Promise<SystemSample> {
    const now = deps.clock();
    const sample: SystemSample = { ...deps.readSystem(), at: now.toISOString() };
    kept.push(sample);
    if (kept.length > keep) kept.splice(0, kept.length - keep);
    const values: Record<string, number> = {
      [SAMPLE_METRICS.cpuPercent]: sample.cpuPercent,
      [SAMPLE_METRICS.memoryPercent]: sample.memory.percentage,
      [SAMPLE_METRICS.memoryUsedBytes]: sample.memory.usedBytes,
      [SAMPLE_METRICS.memoryFreeBytes]: sample.memory.freeBytes,
      [SAMPLE_METRICS.memoryTotalBytes]: sample.memory.totalBytes,
      [SAMPLE_METRICS.processRssBytes]: sample.process.rssBytes,
      [SAMPLE_METRICS.uptimeSeconds]: sample.uptimeSeconds,
    };
    await deps.db.insert(metricSamples).values(
      Object.entries(values).map(([metric, value]) => ({
        instance: deps.instance,
        metric,
        value,
        createdAt: now,
      })),
    );
    try {
      await deps.onSample?.(sample);
    } catch {
      // A realtime hiccup must not stop sampling; the row is stored and the next sample follows in 5 s.
    }
    return sample;
  }

  return {
    sampleOnce,
    samples: () => [...kept],
    latest: () => kept.at(-1) ?? null,
    start(intervalMs, onError) {
      let busy = false;
      const tick = () => {
        if (busy) return;
        busy = true;
        sampleOnce()
          .catch(onError)
          .finally(() => {
            busy = false;
          });
      };
      tick();
      const timer = setInterval(tick, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
