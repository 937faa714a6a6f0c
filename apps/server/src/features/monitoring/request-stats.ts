// Request figures of this instance, kept in process: counts by status, the last minute's rate and error share, and
// latency quantiles over the most recent requests (an onResponse hook feeds it).
import { quantile } from "@aacos/domain/monitoring";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Latency quantiles are taken over this many most recent requests. */
const RECENT_DURATIONS = 1024;
const MINUTE_SECONDS = 60;

export interface RequestSnapshot {
  /** Every request answered since start, by status code. */
  totalByStatus: Record<string, number>;
  total: number;
  /** Sum of durations since start, seconds (the summary's _sum). */
  durationSumSeconds: number;
  /** Requests answered in the last minute. */
  ratePerMinute: number;
  /** Share of the last minute's requests answered 5xx. */
  errorRate: number;
  p50Seconds: number;
  p95Seconds: number;
  p99Seconds: number;
}

export interface RequestStats {
  record(statusCode: number, durationMs: number): void;
  snapshot(): RequestSnapshot;
}

export function createRequestStats(clock: () => Date = () => new Date()): RequestStats {
  const totalByStatus = new Map<number, number>();
  let total = 0;
  let durationSumMs = 0;
  const durations: number[] = [];
  let next = 0;
  // One slot per second of the last minute: [second, requests, errors].
  const seconds: { second: number; requests: number; errors: number }[] = Array.from(
    { length: MINUTE_SECONDS },
    () => ({ second: -1, requests: 0, errors: 0 }),
  );

  return {
    record(statusCode, durationMs) {
      totalByStatus.set(statusCode, (totalByStatus.get(statusCode) ?? 0) + 1);
      total += 1;
      durationSumMs += durationMs;
      if (durations.length < RECENT_DURATIONS) durations.push(durationMs);
      else durations[next] = durationMs;
      next = (next + 1) % RECENT_DURATIONS;
      const second = Math.floor(clock().getTime() / 1000);
      const slot = seconds[second % MINUTE_SECONDS];
      if (slot === undefined) return;
      if (slot.second !== second) {
        slot.second = second;
        slot.requests = 0;
        slot.errors = 0;
      }
      slot.requests += 1;
      if (statusCode >= 500) slot.errors += 1;
    },
    snapshot() {
      const now = Math.floor(clock().getTime() / 1000);
      let requests = 0;
      let errors = 0;
      for (const slot of seconds) {
        if (now - slot.second < MINUTE_SECONDS) {
          requests += slot.requests;
          errors += slot.errors;
        }
      }
      return {
        totalByStatus: Object.fromEntries(
          [...totalByStatus].map(([status, count]) => [String(status), count]),
        ),
        total,
        durationSumSeconds: durationSumMs / 1000,
        ratePerMinute: requests,
        errorRate: requests === 0 ? 0 : errors / requests,
        p50Seconds: quantile(durations, 0.5) / 1000,
        p95Seconds: quantile(durations, 0.95) / 1000,
        p99Seconds: quantile(durations, 0.99) / 1000,
      };
    },
  };
}

/** Feeds every answered request into the stats (registered before the features, so it sees them all). */
export const requestStatsPlugin = fp(
  async (app: FastifyInstance, options: { stats: RequestStats }) => {
    app.pipeline.onResponse((_request, reply, done) => {
      options.stats.record(reply.statusCode, reply.elapsedTime);
      done();
    });
  },
  { name: "request-stats" },
);
