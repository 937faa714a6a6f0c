// Quota rules: the metered windows, the spec's limit messages, the upgrade payload and the IETF RateLimit fields.
import { nextTier, SUBSCRIPTION_TIERS, TIER_ORDER } from "./tiers.js";
import type { FeatureFlag, TierLimits, TierName } from "./types.js";
import { UNLIMITED } from "./types.js";

export const RATE_WINDOWS = [
  { name: "minute", seconds: 60, limit: "apiCallsPerMinute" },
  { name: "hour", seconds: 3600, limit: "apiCallsPerHour" },
  { name: "day", seconds: 86400, limit: "apiCallsPerDay" },
] as const satisfies readonly { name: string; seconds: number; limit: keyof TierLimits }[];
export type RateWindowName = (typeof RATE_WINDOWS)[number]["name"];

/** docs/product.md §8, word for word. */
export const QUOTA_MESSAGES = {
  minute: (n: number) => `Rate limit exceeded: ${n} calls per minute`,
  hour: (n: number) => `Hourly limit exceeded: ${n} calls per hour`,
  day: (n: number) => `Daily limit exceeded: ${n} calls per day`,
  concurrent: (n: number) => `Too many concurrent requests: max ${n}`,
} as const;

export interface UpgradePayload {
  suggestedTier: TierName | null;
  upgradeUrl: string | null;
  reason: string;
}

/** What a refusal suggests: the next tier in order (docs/product.md §4), with a link to the chooser. */
export function upgradePayload(tier: TierName | null | undefined, reason: string): UpgradePayload {
  const suggested = nextTier(tier);
  return {
    suggestedTier: suggested,
    upgradeUrl: suggested === null ? null : `/tiers?upgrade=${suggested}`,
    reason,
  };
}

/** The lowest tier whose plan switches a feature on. */
export function tierUnlocking(flag: FeatureFlag): TierName {
  const tier = SUBSCRIPTION_TIERS.find((candidate) => candidate.features[flag]);
  return tier?.name ?? (TIER_ORDER[TIER_ORDER.length - 1] as TierName);
}

export interface WindowState {
  name: RateWindowName;
  limit: number;
  remaining: number;
  resetSeconds: number;
}

/** `RateLimit-Policy`: every limited window of the plan, plus the concurrency quota. */
export function rateLimitPolicyField(limits: TierLimits): string {
  const windows = RATE_WINDOWS.filter((window) => limits[window.limit] !== UNLIMITED).map(
    (window) => `"${window.name}";q=${limits[window.limit]};w=${window.seconds}`,
  );
  if (limits.maxConcurrentRequests !== UNLIMITED) {
    windows.push(`"concurrent";q=${limits.maxConcurrentRequests};qu="concurrency"`);
  }
  return windows.join(", ");
}

/** `RateLimit`: the tightest window's state (fewest calls left, then the soonest reset). */
export function rateLimitField(states: readonly WindowState[]): string | null {
  const tightest = [...states].sort(
    (a, b) => a.remaining - b.remaining || a.resetSeconds - b.resetSeconds,
  )[0];
  if (tightest === undefined) return null;
  return `"${tightest.name}";r=${tightest.remaining};t=${tightest.resetSeconds}`;
}
