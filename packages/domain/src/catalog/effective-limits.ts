// The effective-limits rule (docs/product.md §9): for a resource both plans define, the larger wins; −1 (unlimited) beats any number.
// The same rule says which side a limit comes from, so screens show the number the server enforces and its source.
import { tierByName } from "./tiers.js";
import type { Catalog, TierLimits, TierName, WorldName } from "./types.js";
import { UNLIMITED } from "./types.js";
import { worldByName } from "./worlds.js";

export function largerLimit(a: number, b: number): number {
  if (a === UNLIMITED || b === UNLIMITED) return UNLIMITED;
  return Math.max(a, b);
}

export function isWithinLimit(used: number, limit: number): boolean {
  return limit === UNLIMITED || used < limit;
}

/** ok, or the refusal with the limit's name (the upgrade payload's reason), its value and the English message. */
export type PlanLimitCheck<Reason extends keyof TierLimits> =
  | { ok: true }
  | { ok: false; reason: Reason; limit: number; message: string };

/** The English refusals' plural: "1 member", "2 members". */
export const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/** Whether one more of something counted under the plan's `reason` limit fits beside the `used` ones. */
export function checkCountLimit<Reason extends keyof TierLimits>(
  used: number,
  limits: Pick<TierLimits, Reason>,
  reason: Reason,
  message: (limit: number) => string,
): PlanLimitCheck<Reason> {
  const limit: number = limits[reason];
  if (isWithinLimit(used, limit)) return { ok: true };
  return { ok: false, reason, limit, message: message(limit) };
}

/** Where an effective limit comes from: the subscription plan, the world, or both give the same value. */
export type LimitSource = "plan" | "world" | "both";

export interface SourcedLimit {
  value: number;
  source: LimitSource;
}

/** The limits a world defines too (under its own names); every other limit is the plan's alone. */
export const SHARED_LIMITS = [
  "apiCallsPerMinute",
  "apiCallsPerDay",
  "maxStorageGB",
  "maxProjects",
  "maxTeamMembers",
  "maxAITokensPerDay",
] as const satisfies readonly (keyof TierLimits)[];
export type SharedLimit = (typeof SHARED_LIMITS)[number];

function sourced(plan: number, world: number): SourcedLimit {
  const value = largerLimit(plan, world);
  if (plan === world) return { value, source: "both" };
  return { value, source: value === plan ? "plan" : "world" };
}

/** Every limit in force for a tier and a world, with the side it comes from; `catalog` defaults to the built-in one. */
export function effectiveLimitSources(
  tierName: TierName | null | undefined,
  worldName: WorldName | null | undefined,
  catalog?: Catalog,
): Record<keyof TierLimits, SourcedLimit> {
  const tier = tierByName(tierName, catalog).limits;
  const world = worldByName(worldName, catalog);
  const worldValues: Record<SharedLimit, number> = {
    apiCallsPerMinute: world.limits.apiCallsPerMinute,
    apiCallsPerDay: world.limits.apiCallsPerDay,
    maxStorageGB: world.limits.storageGB,
    maxProjects: world.limits.maxProjects,
    maxTeamMembers: world.features.teamSize,
    maxAITokensPerDay: world.features.llmTokensPerDay,
  };
  const result = {} as Record<keyof TierLimits, SourcedLimit>;
  for (const key of Object.keys(tier) as (keyof TierLimits)[]) {
    const shared = SHARED_LIMITS.find((name) => name === key);
    result[key] =
      shared === undefined
        ? { value: tier[key], source: "plan" }
        : sourced(tier[key], worldValues[shared]);
  }
  return result;
}

/** Every tier limit, raised where the world grants more; `catalog` defaults to the built-in one (admins may override it). */
export function effectiveLimits(
  tierName: TierName | null | undefined,
  worldName: WorldName | null | undefined,
  catalog?: Catalog,
): TierLimits {
  const sources = effectiveLimitSources(tierName, worldName, catalog);
  const limits = {} as TierLimits;
  for (const key of Object.keys(sources) as (keyof TierLimits)[]) limits[key] = sources[key].value;
  return limits;
}
