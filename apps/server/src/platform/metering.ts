// Meters API calls (docs/decisions/160-what-a-plans-api-calls-count.md): calls made with a personal API key and
// metered actions from any client count against the plan's limits (per minute, hour, day and in flight), answered
// with 429, the spec's message and the upgrade payload; every other signed-in call counts only against the general
// per-user limit, visitors against the per-address one. Every metered response carries the IETF RateLimit fields.
// Decisions are made on the matched route, never the raw URL (docs/decisions/162-decide-on-the-matched-route.md).

import { GENERAL_RATE_LIMIT } from "@aacos/domain/access";
import { isMeteredAction } from "@aacos/domain/api-keys";
import {
  QUOTA_MESSAGES,
  RATE_WINDOWS,
  type RateWindowName,
  rateLimitField,
  rateLimitPolicyField,
  type TierLimits,
  type TierName,
  UNLIMITED,
  upgradePayload,
  type WindowState,
  type WorldName,
} from "@aacos/domain/catalog";
import type { UsageRecord as UsageRecordReply } from "@aacos/domain/replies";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import type { Principal } from "./auth.js";
import { AppError } from "./errors.js";
import { effectiveLimits } from "./live-catalog.js";
import { createLocalCounts } from "./local-counts.js";
import { createWindowCounter, type WindowCount, type WindowCounter } from "./rate-limit.js";
import { apiRouteOf, isApiRequest, perRoute } from "./route-list.js";

/**
 * Routes (matched patterns) never metered. Session plumbing has its own limits; health and the catalogue serve load
 * balancers and visitors.
 */
const UNMETERED = [
  /^\/api\/auth\//,
  /^\/api\/health$/,
  /^\/api\/catalog$/,
  /^\/api\/settings\/public$/,
  /^\/api\/usage\/me$/,
  // A user out of calls must still be able to upgrade.
  /^\/api\/plan\//,
  // Stripe's webhooks (signed; a refused one would leave a payment unapplied) and the billing status and portal.
  /^\/api\/billing\//,
  // Crash and security reports have their own per-address limits; they must get through when the budget is spent.
  /^\/api\/errors$/,
  /^\/api\/security\//,
];

/** Marks a call made by a batch (POST /api/batch): each item counts against the plan like a metered action. */
export const BATCH_ITEM_HEADER = "x-aacos-batch";

/** A batch itself only carries its items; they are metered one by one. */
const BATCH_ROUTE = "/api/batch";

/** How a call is metered: against the plan's windows, the general per-user limit, or not at all. */
export type Metered = "plan" | "general" | null;

/** Whether a matched route is never metered, whatever the method, remembered per route (decision 392). */
const unmeteredRoute = perRoute((_method, route) =>
  UNMETERED.some((pattern) => pattern.test(route)),
);
const isUnmetered = (route: string): boolean => unmeteredRoute("*", route);

/** Whether a (method, matched route) is a metered action, remembered (decision 392). */
const meteredAction = perRoute(isMeteredAction);

/** The plan's windows or the general limit for a signed-in call, decided on the matched route. */
export function meteringOf(request: FastifyRequest): Metered {
  const principal = request.principal;
  if (principal === null || !isApiRequest(request)) return null;
  const route = apiRouteOf(request);
  // An API path that matched no route (a 404) is counted like a read.
  if (route === null) return "general";
  if (isUnmetered(route)) return null;
  if (request.headers[BATCH_ITEM_HEADER] !== undefined) return "plan";
  if (meteredAction(request.method, route)) return "plan";
  if (principal.apiKey !== null && route !== BATCH_ROUTE) return "plan";
  return "general";
}

/** Whether a visitor's request counts against the per-address limit. */
function visitorMetered(request: FastifyRequest): boolean {
  if (!isApiRequest(request)) return false;
  const route = apiRouteOf(request);
  return route === null || !isUnmetered(route);
}

/** A crashed request must not hold a concurrency slot for ever. */
const IN_FLIGHT_TTL_SECONDS = 300;

/** GET /api/usage/me's record (its reply schema). */
export type UsageRecord = UsageRecordReply;

export interface Metering {
  usageOf(userId: string, tier: string, world: string): Promise<UsageRecord>;
  /** Counts calls made on a user's behalf outside an HTTP request (scheduled runs), in the given windows. */
  charge(userId: string, calls: number, only?: readonly RateWindowName[]): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    metering: Metering;
  }
  interface FastifyRequest {
    /** Set while this request holds a concurrency slot. */
    inFlightKey: string | null;
  }
}

/** In-flight requests per user: Redis when configured (falling back to this process while it is away). */
function createInFlight(redis: Redis | null, prefix: string) {
  const local = createLocalCounts();
  return {
    async enter(key: string): Promise<number> {
      if (redis === null || redis.status !== "ready") return local.add(key, 1);
      const name = `${prefix}:inflight:${key}`;
      try {
        const [[, count]] = (await redis
          .multi()
          .incr(name)
          .expire(name, IN_FLIGHT_TTL_SECONDS)
          .exec()) as [[Error | null, number]];
        return count;
      } catch {
        // Redis went away mid-call: counted here (leave() finds it here too).
        return local.add(key, 1);
      }
    },
    async leave(key: string): Promise<void> {
      if (local.has(key) || redis === null || redis.status !== "ready") {
        local.add(key, -1);
        return;
      }
      // Not decremented when Redis is away: the key's TTL forgets it.
      await redis.decr(`${prefix}:inflight:${key}`).catch(() => {});
    },
    async read(key: string): Promise<number> {
      if (redis === null || redis.status !== "ready") return local.get(key);
      try {
        return Number((await redis.get(`${prefix}:inflight:${key}`)) ?? 0);
      } catch {
        return local.get(key);
      }
    },
  };
}

/** docs/product.md §9: usage records are dropped after 24 hours of inactivity. */
const IDLE_MS = 86_400_000;

/**
 * How often, at most, one instance writes a user's last-seen mark to Redis for an unlimited plan's calls (decision
 * 218): the usage page's "last activity" is then at most this old, and the mark lives a day.
 */
const SEEN_WRITE_MS = 1000;

/** When each user last made a metered call; forgotten after a day of silence. */
function createLastSeen(redis: Redis | null, prefix: string) {
  const local = new Map<string, number>();
  /** When this instance last wrote each user's mark to Redis (app clock). */
  const written = new Map<string, number>();
  let marks = 0;
  const seen = {
    /** `mark` for a call that counted nothing else: a user's mark reaches Redis at most once a SEEN_WRITE_MS. */
    markSoon(userId: string, now: number): void {
      if (redis !== null && redis.status === "ready") {
        const at = written.get(userId);
        if (at !== undefined && now >= at && now - at < SEEN_WRITE_MS) return;
        if (written.size >= 10_000) written.clear();
        written.set(userId, now);
      }
      void seen.mark(userId, now);
    },
    async mark(userId: string, now: number): Promise<void> {
      if (redis !== null && redis.status === "ready") {
        const stored = await redis.set(`${prefix}:seen:${userId}`, String(now), "PX", IDLE_MS).then(
          () => true,
          () => false,
        );
        if (stored) return;
      }
      local.set(userId, now);
      marks += 1;
      if (marks % 1000 === 0) {
        for (const [key, at] of local) if (now - at > IDLE_MS) local.delete(key);
      }
    },
    async read(userId: string, now: number): Promise<number | null> {
      if (redis !== null && redis.status === "ready") {
        const value = await redis.get(`${prefix}:seen:${userId}`).catch(() => undefined);
        if (value !== undefined) return value === null ? null : Number(value);
      }
      const at = local.get(userId);
      if (at === undefined || now - at > IDLE_MS) {
        local.delete(userId);
        return null;
      }
      return at;
    },
  };
  return seen;
}

/**
 * A plan call's counters on Redis in one round trip (docs/decisions/215-one-round-trip-per-call.md): each limited
 * window is counted as rate-limiter-flexible counts it (same keys, same expiry), a call past a window or the
 * concurrency limit gives its counts back, and a call let through is marked seen. Returns the outcome (0 passed,
 * -2 passed holding a concurrency slot, -1 refused for concurrency, i > 0 refused by window i) and each window's
 * count and milliseconds to its reset.
 */
const METER_SCRIPT = `
local n = tonumber(ARGV[1])
local maxConcurrent = tonumber(ARGV[2])
local out = {0}
local exceeded = 0
for i = 1, n do
  local duration = tonumber(ARGV[4 + 2 * i])
  redis.call('set', KEYS[i], 0, 'EX', duration, 'NX')
  local consumed = redis.call('incrby', KEYS[i], 1)
  local ttl = redis.call('pttl', KEYS[i])
  if ttl == -1 then
    redis.call('expire', KEYS[i], duration)
    ttl = 1000 * duration
  end
  out[2 * i] = consumed
  out[2 * i + 1] = ttl
  if exceeded == 0 and consumed > tonumber(ARGV[5 + 2 * i]) then exceeded = i end
end
if exceeded > 0 then
  for i = 1, n do redis.call('decrby', KEYS[i], 1) end
  out[1] = exceeded
  return out
end
if maxConcurrent >= 0 then
  local running = redis.call('incr', KEYS[n + 1])
  redis.call('expire', KEYS[n + 1], ARGV[5])
  if running > maxConcurrent then
    redis.call('decr', KEYS[n + 1])
    for i = 1, n do redis.call('decrby', KEYS[i], 1) end
    out[1] = -1
    return out
  end
  out[1] = -2
end
redis.call('set', KEYS[n + 2], ARGV[3], 'PX', ARGV[4])
return out
`;

type MeterCommand = (...args: (string | number)[]) => Promise<number[]>;

/** The script as a command of this client (EVALSHA, loaded on first use). */
function meterCommand(redis: Redis): MeterCommand {
  const client = redis as unknown as { aacosMeter?: MeterCommand };
  if (client.aacosMeter === undefined) {
    redis.defineCommand("aacosMeter", { lua: METER_SCRIPT });
  }
  const command = client.aacosMeter;
  if (command === undefined) throw new Error("metering script not defined");
  return command.bind(redis);
}

/** An unlimited plan's call: nothing counted, nothing refused. */
const UNCOUNTED: PlanOutcome = { counts: [], exceeded: -1, concurrent: false, entered: false };

/** What metering a plan call decided: the limited windows' counts, and a refusal if any. */
interface PlanOutcome {
  counts: WindowCount[];
  /** Index (in the limited windows) of the first window the call went past; -1: none. */
  exceeded: number;
  /** Refused because the user already has as many calls running as the plan allows. */
  concurrent: boolean;
  /** The call holds a concurrency slot (released when it ends). */
  entered: boolean;
}

export const meteringPlugin = fp(
  async (
    app: FastifyInstance,
    options: {
      redis: Redis | null;
      prefix: string;
      clock: () => Date;
      random: () => number;
      /** Share of genesis calls that carry the soft upgrade hint (docs/product.md §9: 10%). */
      softPromptShare: number;
      /** Told of every 429 a signed-in user gets (the signal hub's quota signals); must not throw. */
      onRefused?: (
        userId: string,
        refusal: { reason: keyof TierLimits; message: string; retryAfter: number },
      ) => void;
    },
  ) => {
    const store = { redis: options.redis, prefix: options.prefix };
    const windows = RATE_WINDOWS.map((window) => ({
      ...window,
      counter: createWindowCounter(store, `meter-${window.name}`, window.seconds),
      /** The counter's Redis key prefix (rate-limiter-flexible's `keyPrefix:key`). */
      redisKey: `${options.prefix}:rl:meter-${window.name}:`,
    }));
    const meter = options.redis === null ? null : meterCommand(options.redis);
    type PlanWindow = (typeof windows)[number];
    /**
     * A plan's RateLimit-Policy field and its limited windows, worked out once per limits object: effectiveLimits
     * hands out one frozen object per catalogue and plan (docs/decisions/391-principal-and-policy-once.md).
     */
    const planMetering = new WeakMap<
      Readonly<TierLimits>,
      { policy: string; limited: PlanWindow[] }
    >();
    const planMeteringOf = (limits: Readonly<TierLimits>) => {
      let known = planMetering.get(limits);
      if (known === undefined) {
        known = {
          policy: rateLimitPolicyField(limits),
          limited: windows.filter((window) => limits[window.limit] !== UNLIMITED),
        };
        planMetering.set(limits, known);
      }
      return known;
    };

    /** Counts a plan call on Redis in one round trip; null when Redis is away (the caller counts in process). */
    async function meterOnRedis(
      userId: string,
      limited: PlanWindow[],
      limits: TierLimits,
      now: number,
    ): Promise<PlanOutcome | null> {
      if (meter === null || options.redis?.status !== "ready") return null;
      const concurrency = limits.maxConcurrentRequests;
      const keys = [
        ...limited.map((window) => `${window.redisKey}${userId}`),
        `${options.prefix}:inflight:${userId}`,
        `${options.prefix}:seen:${userId}`,
      ];
      const args = [
        limited.length,
        concurrency === UNLIMITED ? -1 : concurrency,
        String(now),
        IDLE_MS,
        IN_FLIGHT_TTL_SECONDS,
        ...limited.flatMap((window) => [window.seconds, limits[window.limit]]),
      ];
      let reply: number[];
      try {
        reply = await meter(keys.length, ...keys, ...args);
      } catch {
        return null;
      }
      const status = reply[0] ?? 0;
      return {
        counts: limited.map((_, index) => ({
          count: reply[1 + 2 * index] ?? 0,
          resetMs: reply[2 + 2 * index] ?? 0,
        })),
        exceeded: status > 0 ? status - 1 : -1,
        concurrent: status === -1,
        entered: status === -2,
      };
    }

    /** The same decision counted in process (no Redis, or Redis away), one counter at a time. */
    async function meterInProcess(
      userId: string,
      limited: PlanWindow[],
      limits: TierLimits,
      now: number,
    ): Promise<PlanOutcome> {
      const counts = await Promise.all(limited.map((window) => window.counter.add(userId)));
      const giveBack = () => Promise.all(limited.map((window) => window.counter.subtract(userId)));
      const exceeded = limited.findIndex(
        (window, index) => (counts[index]?.count ?? 0) > limits[window.limit],
      );
      if (exceeded !== -1) {
        // A refused call does not count against the other windows.
        await giveBack();
        return { counts, exceeded, concurrent: false, entered: false };
      }
      let entered = false;
      if (limits.maxConcurrentRequests !== UNLIMITED) {
        const running = await inFlight.enter(userId);
        if (running > limits.maxConcurrentRequests) {
          await inFlight.leave(userId);
          await giveBack();
          return { counts, exceeded: -1, concurrent: true, entered: false };
        }
        entered = true;
      }
      // Only read by the usage page; not waited for (Redis runs one client's commands in order).
      void lastSeen.mark(userId, now);
      return { counts, exceeded: -1, concurrent: false, entered };
    }
    const visitors: WindowCounter = createWindowCounter(
      store,
      "visitor",
      GENERAL_RATE_LIMIT.seconds,
    );
    /** Signed-in calls that are not plan calls (the web app's own reads): the general per-user limit. */
    const general: WindowCounter = createWindowCounter(
      store,
      "general",
      GENERAL_RATE_LIMIT.seconds,
    );
    const lastSeen = createLastSeen(options.redis, options.prefix);
    const inFlight = createInFlight(options.redis, options.prefix);
    app.decorateRequest("inFlightKey", null);

    async function release(request: FastifyRequest) {
      const key = request.inFlightKey;
      if (key === null) return;
      request.inFlightKey = null;
      await inFlight
        .leave(key)
        .catch((error: unknown) => request.log.warn({ err: error }, "in-flight release failed"));
    }

    /** The general limit (100 a minute) on a counter: the RateLimit fields, and 429 past it. */
    async function generalLimit(counter: WindowCounter, key: string, reply: FastifyReply) {
      const { count, resetMs } = await counter.add(key);
      const retryAfter = Math.max(1, Math.ceil(resetMs / 1000));
      reply.header(
        "ratelimit-policy",
        `"minute";q=${GENERAL_RATE_LIMIT.points};w=${GENERAL_RATE_LIMIT.seconds}`,
      );
      reply.header(
        "ratelimit",
        `"minute";r=${Math.max(0, GENERAL_RATE_LIMIT.points - count)};t=${retryAfter}`,
      );
      if (count > GENERAL_RATE_LIMIT.points) {
        await counter.subtract(key);
        throw new AppError(
          "rate_limited",
          429,
          `Too many requests: ${GENERAL_RATE_LIMIT.points} per minute`,
          {
            params: { window: "general", limit: GENERAL_RATE_LIMIT.points, retryAfter },
            extra: { retryAfter, reason: "general" },
          },
        );
      }
    }

    // Visitors first, before anything else answers them (a 401 included).
    app.pipeline.onRequest((request, reply, done) => {
      if (request.principal !== null || !visitorMetered(request)) {
        done();
        return;
      }
      generalLimit(visitors, request.ip, reply).then(() => done(), done);
    });

    // Signed-in callers after the route's own access checks (onRequest), before the body is validated:
    // a call the user may not make is not metered. A callback hook: an unlimited plan's call (nothing to count)
    // passes without a promise (decision 217).
    app.pipeline.preValidation((request, reply, done) => {
      const principal = request.principal;
      const metered = principal === null ? null : meteringOf(request);
      if (principal === null || metered === null) {
        done();
        return;
      }
      if (metered === "general") {
        generalLimit(general, principal.user.id, reply).then(() => done(), done);
        return;
      }
      const limits = effectiveLimits(principal.tier, principal.world);
      const { policy, limited } = planMeteringOf(limits);
      reply.header("ratelimit-policy", policy);
      const now = options.clock().getTime();
      const userId = principal.user.id;
      if (limited.length === 0 && limits.maxConcurrentRequests === UNLIMITED) {
        // An unlimited plan (no window, no concurrency limit) has nothing to count: only the last-seen mark.
        lastSeen.markSoon(userId, now);
        planDecided(request, reply, principal, limits, limited, UNCOUNTED);
        done();
        return;
      }
      meterOnRedis(userId, limited, limits, now)
        .then((outcome) => outcome ?? meterInProcess(userId, limited, limits, now))
        .then((outcome) => {
          let refusal: unknown = null;
          try {
            planDecided(request, reply, principal, limits, limited, outcome);
          } catch (error) {
            refusal = error;
          }
          if (refusal === null) done();
          else done(refusal as Error);
        }, done);
    });

    /** Applies what metering decided on a plan call: its RateLimit fields, and throws its refusal if any. */
    function planDecided(
      request: FastifyRequest,
      reply: FastifyReply,
      principal: Principal,
      limits: TierLimits,
      limited: PlanWindow[],
      outcome: PlanOutcome,
    ): void {
      const { user, tier } = principal;
      const refuse = (
        message: string,
        retryAfter: number,
        reason:
          | "apiCallsPerMinute"
          | "apiCallsPerHour"
          | "apiCallsPerDay"
          | "maxConcurrentRequests",
      ) => {
        options.onRefused?.(user.id, { reason, message, retryAfter });
        const upgrade = upgradePayload(tier, reason);
        return new AppError("rate_limited", 429, message, {
          params: {
            window: reason,
            limit: limits[reason],
            retryAfter,
            suggestedTier: upgrade.suggestedTier,
          },
          extra: { retryAfter, ...upgrade },
        });
      };
      if (outcome.entered) request.inFlightKey = user.id;
      if (limited.length > 0) {
        const states: WindowState[] = limited.map((window, index) => {
          const count = outcome.counts[index] ?? { count: 0, resetMs: 0 };
          return {
            name: window.name,
            limit: limits[window.limit],
            remaining: Math.max(0, limits[window.limit] - count.count),
            resetSeconds: Math.max(1, Math.ceil(count.resetMs / 1000)),
          };
        });
        const rateLimit = rateLimitField(states);
        if (rateLimit !== null) reply.header("ratelimit", rateLimit);
        const exceededWindow = limited[outcome.exceeded];
        if (exceededWindow !== undefined) {
          throw refuse(
            QUOTA_MESSAGES[exceededWindow.name](limits[exceededWindow.limit]),
            states[outcome.exceeded]?.resetSeconds ?? 1,
            exceededWindow.limit,
          );
        }
      }
      if (outcome.concurrent) {
        throw refuse(
          QUOTA_MESSAGES.concurrent(limits.maxConcurrentRequests),
          1,
          "maxConcurrentRequests",
        );
      }
      if (tier === "genesis" && options.random() < options.softPromptShare) {
        reply.header("aacos-upgrade-hint", "soft");
      }
    }

    // Callback hooks: most calls hold no slot, and pass without a promise.
    app.pipeline.onResponse((request, _reply, done) => {
      if (request.inFlightKey === null) done();
      else release(request).then(() => done(), done);
    });
    app.addHook("onRequestAbort", (request, done) => {
      if (request.inFlightKey === null) done();
      else release(request).then(() => done(), done);
    });

    app.decorate("metering", {
      async charge(userId: string, calls: number, only?: readonly RateWindowName[]) {
        const chosen = windows.filter((window) => only === undefined || only.includes(window.name));
        await Promise.all(chosen.map((window) => window.counter.add(userId, calls)));
      },
      async usageOf(userId: string, tier: string, world: string): Promise<UsageRecord> {
        const limits = effectiveLimits(tier as TierName, world as WorldName);
        const now = options.clock().getTime();
        const read = await Promise.all(windows.map((window) => window.counter.read(userId)));
        const seen = await lastSeen.read(userId, now);
        const counts = { minute: 0, hour: 0, day: 0, concurrent: await inFlight.read(userId) };
        const resets = { minute: "", hour: "", day: "" };
        windows.forEach((window, index) => {
          counts[window.name] = read[index]?.count ?? 0;
          resets[window.name] = new Date(
            now + (read[index]?.resetMs ?? window.seconds * 1000),
          ).toISOString();
        });
        const lastActivity = seen === null ? null : new Date(seen).toISOString();
        return { counts, limits, resets, lastActivity };
      },
    });
  },
  { name: "metering" },
);
