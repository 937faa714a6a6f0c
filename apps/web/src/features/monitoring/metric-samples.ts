// The in-memory metric series of the monitoring screen: samples from GET /api/metrics/system, then the `metrics`
// topic, kept for the longest range (15 minutes) and capped.
export interface MetricSample {
  at: number;
  cpuPercent: number;
  memoryPercent: number;
}

export const RANGES_MINUTES = [1, 5, 15] as const;
export type RangeMinutes = (typeof RANGES_MINUTES)[number];
const KEEP_MS = 15 * 60_000;
const MAX_SAMPLES = 2_000;

/** Adds samples (any order), sorted by time, without duplicates, dropping those older than 15 minutes before `now`. */
export function addSamples(
  list: readonly MetricSample[],
  incoming: readonly MetricSample[],
  now: number,
): MetricSample[] {
  const byTime = new Map<number, MetricSample>();
  for (const sample of list) byTime.set(sample.at, sample);
  for (const sample of incoming) byTime.set(sample.at, sample);
  const kept = [...byTime.values()]
    .filter((sample) => sample.at >= now - KEEP_MS)
    .sort((a, b) => a.at - b.at);
  return kept.length > MAX_SAMPLES ? kept.slice(kept.length - MAX_SAMPLES) : kept;
}

/** A `metrics` message's values as a sample, or null. */
export function sampleOfMessage(message: Record<string, unknown>): MetricSample | null {
  const values = message.values as { cpuPercent?: unknown; memoryPercent?: unknown } | undefined;
  const at = typeof message.at === "string" ? Date.parse(message.at) : Number.NaN;
  if (
    Number.isNaN(at) ||
    typeof values?.cpuPercent !== "number" ||
    typeof values.memoryPercent !== "number"
  )
    return null;
  return { at, cpuPercent: values.cpuPercent, memoryPercent: values.memoryPercent };
}
