// Connects to Redis when REDIS_URL is set (shared rate budgets and realtime fan-out across instances).
import { Redis } from "ioredis";

export class RedisStartError extends Error {}

export async function connectRedis(url: string | undefined): Promise<Redis | null> {
  if (url === undefined) return null;
  let starting = true;
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    connectTimeout: 5000,
    // Give up at start-up instead of retrying forever; later drops reconnect with backoff.
    retryStrategy: (attempt: number): number | null =>
      starting && attempt > 2 ? null : Math.min(attempt * 200, 5000),
  });
  redis.on("error", () => {});
  try {
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
