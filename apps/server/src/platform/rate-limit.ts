// Fixed-window rate limiters and counters: in-process by default, in Redis when REDIS_URL is set so every instance
// shares one budget. If Redis goes away, an in-process "insurance" limiter takes over until it is back.
import type { RateWindow } from "@aacos/domain/access";
import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  consume(key: string, points?: number): Promise<RateDecision>;
  /** Reads the state without spending a point. */
  peek(key: string): Promise<RateDecision>;
  reset(key: string): Promise<void>;
  /** Gives points back (an attempt that turned out to be legitimate). */
  reward(key: string, points?: number): Promise<void>;
}

export type RateLimiterFactory = (name: string, window: RateWindow) => RateLimiter;

export interface WindowCount {
  count: number;
  /** Milliseconds until the window starts afresh. */
  resetMs: number;
}

/** A window counter whose limit is decided by the caller (plans differ per user; the count must not). */
export interface WindowCounter {
  add(key: string, amount?: number): Promise<WindowCount>;
  /** Adds one to each key at once when the counts live in this process (no Redis); null: call `add` instead. */
  addEachNow(keys: readonly string[]): WindowCount[] | null;
  /** Gives back calls that were refused, so they do not count. */
  subtract(key: string, amount?: number): Promise<void>;
  read(key: string): Promise<WindowCount>;
}

interface StoreOptions {
  redis: Redis | null;
  /** Separates deployments (and test runs) sharing one Redis. */
  prefix: string;
}

function buildLimiter(options: StoreOptions, name: string, points: number, seconds: number) {
  const settings = { points, duration: seconds, keyPrefix: `${options.prefix}:rl:${name}` };
  const limiter: RateLimiterAbstract = options.redis
    ? new RateLimiterRedis({
        ...settings,
        storeClient: options.redis,
        // Not connected: straight to the in-process limiter, not a wait for a timeout.
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(settings),
      })
    : new RateLimiterMemory(settings);
  return limiter;
}

/** rate-limiter-flexible's in-memory store (a private field of RateLimiterMemory, version 11). */
interface MemoryStore {
  incrby(key: string, points: number, seconds: number): RateLimiterRes;
}

function memoryStoreOf(limiter: RateLimiterMemory): MemoryStore | null {
  const store = (limiter as unknown as { _memoryStorage?: { incrby?: unknown } })._memoryStorage;
  if (store === undefined || typeof store.incrby !== "function") return null;
  const incrby = store.incrby as MemoryStore["incrby"];
  return {
    // Keyed as the limiter keys its own (`getKey`).
    incrby: (key, points, seconds) => incrby.call(store, limiter.getKey(key), points, seconds),
  };
}

/** Counting only: a budget no plan reaches, so the library counts and the caller decides. */
const COUNT_ONLY = 2_000_000_000;

export function createWindowCounter(
  options: StoreOptions,
  name: string,
  seconds: number,
): WindowCounter {
  const limiter = buildLimiter(options, name, COUNT_ONLY, seconds);
  // The in-process limiter's own store, counted synchronously (what its consume() does inside a promise): the same
  // keys and windows, so `add`, `read` and `subtract` see these counts. Absent if the library ever changes it.
  const memory = options.redis === null ? memoryStoreOf(limiter as RateLimiterMemory) : null;
  const add = async (key: string, amount = 1) => {
    const res = await limiter.consume(key, amount);
    return { count: res.consumedPoints, resetMs: res.msBeforeNext };
  };
  return {
    add,
    addEachNow(keys) {
      if (memory === null) return null;
      return keys.map((key) => {
        const res = memory.incrby(key, 1, seconds);
        return { count: res.consumedPoints, resetMs: res.msBeforeNext };
      });
    },
    async subtract(key, amount = 1) {
      await limiter.reward(key, amount);
    },
    async read(key) {
      const res = await limiter.get(key);
      return res === null
        ? { count: 0, resetMs: seconds * 1000 }
        : { count: res.consumedPoints, resetMs: res.msBeforeNext };
    },
  };
}

export function createRateLimiterFactory(options: StoreOptions): RateLimiterFactory {
  return (name, window) => {
    const limiter = buildLimiter(options, name, window.points, window.seconds);
    const decide = (res: RateLimiterRes, allowed: boolean): RateDecision => ({
      allowed,
      remaining: Math.max(0, res.remainingPoints),
      retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    });
    return {
      async consume(key, points = 1) {
        try {
          return decide(await limiter.consume(key, points), true);
        } catch (error) {
          if (error instanceof RateLimiterRes) return decide(error, false);
          throw error;
        }
      },
      async peek(key) {
        const res = await limiter.get(key);
        if (res === null) {
          return { allowed: true, remaining: window.points, retryAfterSeconds: window.seconds };
        }
        return decide(res, res.consumedPoints <= window.points);
      },
      async reset(key) {
        await limiter.delete(key);
      },
      async reward(key, points = 1) {
        await limiter.reward(key, points);
      },
    };
  };
}
