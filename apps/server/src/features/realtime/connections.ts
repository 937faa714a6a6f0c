// Open realtime sockets per user, counted across instances (Redis INCR/DECR with a TTL the heartbeat renews, so a
// crashed instance's sockets stop counting), in this process without Redis.
import type { Redis } from "ioredis";
import { createLocalCounts } from "../../platform/local-counts.js";

/** Long enough to outlive a few missed heartbeats, short enough to forget a crashed instance. */
const COUNT_TTL_SECONDS = 90;

/** One counted socket: plain data, so thousands of idle sockets hold no closure for it. */
export interface ConnectionCount {
  userId: string;
  /** Sockets the user has open now, this one included. */
  count: number;
  /** Counted in Redis (shared by every instance) rather than in this process. */
  shared: boolean;
}

export interface ConnectionCounter {
  open(userId: string): Promise<ConnectionCount>;
  /** Stops counting the socket; call once per open. */
  release(counted: Pick<ConnectionCount, "userId" | "shared">): Promise<void>;
  /** Keeps the counts of users with open sockets from expiring. */
  renew(userIds: Iterable<string>): Promise<void>;
}

export function createConnectionCounter(deps: {
  redis: Redis | null;
  prefix: string;
}): ConnectionCounter {
  const { redis } = deps;
  const local = createLocalCounts();
  const keyOf = (userId: string) => `${deps.prefix}:ws-count:${userId}`;

  return {
    async open(userId) {
      if (redis !== null && redis.status === "ready") {
        const key = keyOf(userId);
        // Redis going away mid-call: this socket is counted in this process instead.
        const result = await redis
          .multi()
          .incr(key)
          .expire(key, COUNT_TTL_SECONDS)
          .exec()
          .catch(() => null);
        if (result !== null) {
          const raw = result[0]?.[1];
          return { userId, count: typeof raw === "number" ? raw : 1, shared: true };
        }
      }
      return { userId, count: local.add(userId, 1), shared: false };
    },
    async release(counted) {
      if (!counted.shared) {
        local.add(counted.userId, -1);
        return;
      }
      if (redis === null) return;
      const key = keyOf(counted.userId);
      const left = await redis.decr(key);
      if (left <= 0) await redis.del(key);
    },
    async renew(userIds) {
      if (redis === null || redis.status !== "ready") return;
      const pipeline = redis.pipeline();
      for (const userId of userIds) pipeline.expire(keyOf(userId), COUNT_TTL_SECONDS);
      await pipeline.exec();
    },
  };
}
