// Connects to Redis when REDIS_URL is set (shared rate budgets and realtime fan-out across instances).
// While Redis is away its commands fail at once (no offline queue, a short command timeout), so callers fall back to
// in-process counters instead of waiting for the outage to end; the connection keeps retrying in the background.
import type { Redis } from "ioredis";

export class RedisStartError extends Error {}

/** A command Redis has not answered by then counts as failed (the caller falls back to this process). */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

export async function connectRedis(url: string | undefined): Promise<Redis | null> {
  if (url === undefined) return null;
  // Loaded only with REDIS_URL: a server without Redis never evaluates the client (docs/decisions/350-restart-loads-less.md).
  // The module's default export: the compiled server's chunk for a CommonJS package exports nothing else.
  const { default: Redis } = await import("ioredis");
  let starting = true;
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    connectTimeout: 5000,
    // Commands sent while one batch is on the wire go out together in the next, one write for every request of a
    // busy moment instead of one each (docs/decisions/393-redis-auto-pipelining.md).
    enableAutoPipelining: true,
    // Give up at start-up instead of retrying forever; later drops reconnect with backoff.
    retryStrategy: (attempt: number): number | null =>
      starting && attempt > 2 ? null : Math.min(attempt * 200, 2000),
  });
  redis.on("error", () => {});
  try {
    // connect() itself does not need the offline queue; commands sent before "ready" would.
    await redis.connect();
    await redis.ping();
    starting = false;
  } catch (error) {
    redis.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    throw new RedisStartError(`cannot connect to REDIS_URL: ${reason}`);
  }
  return redis;
}
