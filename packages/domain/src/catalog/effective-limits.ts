// The effective-limits rule (docs/product.md §9): for a resource both plans define, the larger wins; −1 (unlimited) beats any number.
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

/** Every tier limit, raised where the world grants more; `catalog` defaults to the built-in one (admins may override it). */
export function effectiveLimits(
  tierName: TierName | null | undefined,
  worldName: WorldName | null | undefined,
  catalog?: Catalog,
): TierLimits {
  const tier = tierByName(tierName, catalog).limits;
  const world = worldByName(worldName, catalog);
  return {
    ...tier,
    apiCallsPerMinute: largerLimit(tier.apiCallsPerMinute, world.limits.apiCallsPerMinute),
    apiCallsPerDay: largerLimit(tier.apiCallsPerDay, world.limits.apiCallsPerDay),
    maxStorageGB: largerLimit(tier.maxStorageGB, world.limits.storageGB),
    maxProjects: largerLimit(tier.maxProjects, world.limits.maxProjects),
    maxTeamMembers: largerLimit(tier.maxTeamMembers, world.features.teamSize),
    maxAITokensPerDay: largerLimit(tier.maxAITokensPerDay, world.features.llmTokensPerDay),
  };
}
