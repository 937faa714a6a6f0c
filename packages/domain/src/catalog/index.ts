// The plan catalogue: both tier models and the rules that combine them.
import { SUBSCRIPTION_TIERS } from "./tiers.js";
import type { Catalog } from "./types.js";
import { WORLDS } from "./worlds.js";

export * from "./effective-limits.js";
export * from "./plan-changes.js";
export * from "./quota.js";
export * from "./tiers.js";
export type {
  Catalog,
  Encryption,
  FeatureFlag,
  LocalizedText,
  Pricing,
  SubscriptionTier,
  SupportLevel,
  TierFeatures,
  TierLimits,
  TierName,
  World,
  WorldFeatures,
  WorldLimits,
  WorldName,
  WorldProgression,
  WorldUnlocks,
} from "./types.js";
export { FEATURE_FLAGS, TIER_NAMES, UNLIMITED, WORLD_NAMES } from "./types.js";
export * from "./worlds.js";

/** What GET /api/catalog serves: the built-in catalogue (the server adds admins' overrides, catalog-overrides.ts). */
export function buildCatalog(): Catalog {
  return { tiers: [...SUBSCRIPTION_TIERS], worlds: [...WORLDS] };
}

/** The price label rule of the tier chooser: FREE for 0, CUSTOM for −1, otherwise dollars. */
export type PriceLabel = { kind: "free" } | { kind: "custom" } | { kind: "amount"; amount: number };

export function priceLabel(monthly: number): PriceLabel {
  if (monthly === 0) return { kind: "free" };
  if (monthly < 0) return { kind: "custom" };
  return { kind: "amount", amount: monthly };
}
