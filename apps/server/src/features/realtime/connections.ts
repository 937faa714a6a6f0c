// Open realtime sockets per user, counted across instances (Redis INCR/DECR with a TTL the heartbeat renews, so a
// crashed instance's sockets stop counting), in this process without Redis.
import type { Redis } from "ioredis";

/** Long enough to outlive a few missed heartbeats, short enough to forget a crashed instance. */
const COUNT_TTL_SECONDS = 90;

export interface ConnectionCount {
  /** Sockets the user has open now, this one included. */
  count: number;
  /** Stops counting this socket (once; later calls do nothing). */
  release(): Promise<void>;
}

export interface ConnectionCounter {
  open(userId: string): Promise<ConnectionCount>;
  /** Keeps the counts of users with open sockets from expiring. */
  renew(userIds: Iterable<string>): Promise<void>;
}

export function createConnectionCounter(deps: {
  redis: Redis | null;
  prefix: string;
}): ConnectionCounter {
  const { redis } = deps;
  const local = new Map<string, number>();
  const keyOf = (userId: string) => `${deps.prefix}:ws-count:${userId}`;
  const addLocal = (userId: string, delta: number) => {
    const next = Math.max(0, (local.get(userId) ?? 0) + delta);
    if (next === 0) local.delete(userId);
    else local.set(userId, next);
    return next;
  };
  const once = (work: () => Promise<void>) => {
    let done = false;
    return async () => {
      if (done) return;
      done = true;
      await work();
    };
  };

  return {
    async open(userId) {
      const counted = async () => {
        if (redis === null || redis.status !== "ready") return null;
        const key = keyOf(userId);
        // Redis going away mid-call: this socket is counted in this process instead.
        const result = await redis
          .multi()
          .incr(key)
          .expire(key, COUNT_TTL_SECONDS)
          .exec()
          .catch(() => null);
        if (result === null) return null;
        const raw = result[0]?.[1];
        return {
          count: typeof raw === "number" ? raw : 1,
          release: once(async () => {
            const left = await redis.decr(key);
            if (left <= 0) await redis.del(key);
          }),
        };
      };
      const shared = await counted();
      if (shared !== null) return shared;
      const count = addLocal(userId, 1);
      return { count, release: once(async () => void addLocal(userId, -1)) };
    },
    async renew(userIds) {
      if (redis === null || redis.status !== "ready") return;
      const pipeline = redis.pipeline();
      for (const userId of userIds) pipeline.expire(keyOf(userId), COUNT_TTL_SECONDS);
      await pipeline.exec();
    },
  };
}
