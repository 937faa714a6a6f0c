// Made-up machine readings for the monitoring and alerts tests, and a sampler that stores them.
import type { Db } from "../db/client.js";
import { createSystemSampler, type SystemReading } from "../features/monitoring/index.js";

/** A machine with 16 GiB of memory, `memoryPercent` of it in use, at `cpuPercent` CPU. */
export function systemReading(memoryPercent: number, cpuPercent = 10): SystemReading {
  const totalBytes = 16 * 1024 ** 3;
  const usedBytes = Math.round((totalBytes * memoryPercent) / 100);
  return {
    cpuPercent,
    memory: { usedBytes, freeBytes: totalBytes - usedBytes, totalBytes, percentage: memoryPercent },
    process: { rssBytes: 100_000_000, heapUsedBytes: 50_000_000 },
    uptimeSeconds: 42,
  };
}

/** The real sampler of instance `instance`, storing in `db` whatever `read` answers, on `clock` (real time unless given). */
export function readingSampler(
  db: Db,
  instance: string,
  read: () => SystemReading,
  clock: () => Date = () => new Date(),
) {
  return createSystemSampler({ db, clock, instance, readSystem: read });
}
