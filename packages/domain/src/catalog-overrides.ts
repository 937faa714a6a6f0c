// Admins' overrides of the plan catalogue (/admin/settings): which prices and limits may change, their rules, the
// request schemas, and how the effective catalogue is built (built-in catalogue + overrides). Pure: no I/O.

import { z } from "zod";
import {
  buildCatalog,
  type Catalog,
  type SubscriptionTier,
  TIER_NAMES,
  type TierLimits,
  type TierName,
  UNLIMITED,
  WORLD_NAMES,
  type World,
  type WorldName,
} from "./catalog/index.js";
import { fieldIssue } from "./field-errors.js";

/** Every tier limit of docs/product.md §3/§9, in the order the settings screen shows them. */
export const TIER_LIMIT_KEYS = [
  "apiCallsPerMinute",
  "apiCallsPerHour",
  "apiCallsPerDay",
  "maxConcurrentRequests",
  "maxWebSocketConnections",
  "maxActiveUniverses",
  "maxProjects",
  "maxEntitiesPerUniverse",
  "maxTeamMembers",
  "maxStorageGB",
  "maxFileSize",
  "maxTrainingDataSize",
  "maxProcessingTimeMs",
  "maxQueryComplexity",
  "maxBatchOperations",
  "maxAITokensPerDay",
  "maxModelComplexity",
  "signalRetentionDays",
] as const satisfies readonly (keyof TierLimits)[];
export type TierLimitKey = (typeof TIER_LIMIT_KEYS)[number];

export const TIER_PRICE_KEYS = ["monthly", "yearly", "trialDays"] as const;
export type TierPriceKey = (typeof TIER_PRICE_KEYS)[number];

/** A world's own allowances (its `limits` plus the two counted features); the rest of a world is not a limit. */
export const WORLD_LIMIT_KEYS = [
  "apiCallsPerMinute",
  "apiCallsPerDay",
  "storageGB",
  "maxProjects",
  "llmTokensPerDay",
  "teamSize",
] as const;
export type WorldLimitKey = (typeof WORLD_LIMIT_KEYS)[number];

export const WORLD_PRICE_KEYS = ["monthly", "yearly"] as const;
export type WorldPriceKey = (typeof WORLD_PRICE_KEYS)[number];

/** The largest number a field takes (it is stored as a 32-bit integer). */
export const MAX_SETTING_VALUE = 2_000_000_000;

export interface FieldRule {
  /** −1 (unlimited, or a custom price) is accepted. */
  unlimited: boolean;
  min: number;
  max: number;
}

const COUNT: FieldRule = { unlimited: true, min: 0, max: MAX_SETTING_VALUE };
/** A metered window or the concurrency cap of 0 would refuse every call, the admin's own included. */
const METERED: FieldRule = { unlimited: true, min: 1, max: MAX_SETTING_VALUE };

export const TIER_LIMIT_RULES: Record<TierLimitKey, FieldRule> = {
  apiCallsPerMinute: METERED,
  apiCallsPerHour: METERED,
  apiCallsPerDay: METERED,
  maxConcurrentRequests: METERED,
  maxWebSocketConnections: COUNT,
  maxActiveUniverses: COUNT,
  maxProjects: COUNT,
  maxEntitiesPerUniverse: COUNT,
  maxTeamMembers: COUNT,
  maxStorageGB: COUNT,
  maxFileSize: COUNT,
  maxTrainingDataSize: COUNT,
  maxProcessingTimeMs: COUNT,
  maxQueryComplexity: COUNT,
  maxBatchOperations: COUNT,
  maxAITokensPerDay: COUNT,
  maxModelComplexity: COUNT,
  // Signals are always deleted some day (docs/decisions/070-signals.md): no −1 here.
  signalRetentionDays: { unlimited: false, min: 1, max: 3650 },
};

/** −1 is the catalogue's "custom" price (shown as CUSTOM on the tier chooser). */
const PRICE: FieldRule = { unlimited: true, min: 0, max: 1_000_000 };

export const TIER_PRICE_RULES: Record<TierPriceKey, FieldRule> = {
  monthly: PRICE,
  yearly: PRICE,
  trialDays: { unlimited: false, min: 0, max: 365 },
};

export const WORLD_LIMIT_RULES: Record<WorldLimitKey, FieldRule> = {
  apiCallsPerMinute: METERED,
  apiCallsPerDay: METERED,
  storageGB: COUNT,
  maxProjects: COUNT,
  llmTokensPerDay: COUNT,
  teamSize: COUNT,
};

export const WORLD_PRICE_RULES: Record<WorldPriceKey, FieldRule> = {
  monthly: PRICE,
  yearly: PRICE,
};

/** The field messages of a setting, word for word (the web app shows them under the field). */
export const SETTING_MESSAGES = {
  notInteger: "Enter a whole number",
  unlimitedNotAllowed: (min: number) =>
    `Enter a whole number of at least ${min}; unlimited is not allowed here`,
  tooSmall: (min: number) => `Enter ${min} or more, or −1 for unlimited`,
  tooLarge: (max: number) => `Enter at most ${max}`,
  emptyChange: "Change at least one value",
  maintenanceTooLong: "Keep the message under 500 characters",
} as const;

export type SettingProblem =
  | { kind: "notInteger" }
  | { kind: "tooSmall"; bound: number }
  | { kind: "unlimitedNotAllowed"; bound: number }
  | { kind: "tooLarge"; bound: number };

/** What is wrong with a value under its rule; null when it is fine. Browser and server use this one check. */
export function settingProblem(rule: FieldRule, value: number): SettingProblem | null {
  if (!Number.isInteger(value)) return { kind: "notInteger" };
  if (value === UNLIMITED && rule.unlimited) return null;
  if (value < rule.min) {
    return rule.unlimited
      ? { kind: "tooSmall", bound: rule.min }
      : { kind: "unlimitedNotAllowed", bound: rule.min };
  }
  if (value > rule.max) return { kind: "tooLarge", bound: rule.max };
  return null;
}

export function settingProblemMessage(problem: SettingProblem): string {
  return problem.kind === "notInteger"
    ? SETTING_MESSAGES.notInteger
    : SETTING_MESSAGES[problem.kind](problem.bound);
}

/** A setting's problem as a zod issue's text and field code. */
export function settingProblemIssue(problem: SettingProblem) {
  const message = settingProblemMessage(problem);
  switch (problem.kind) {
    case "notInteger":
      return fieldIssue(message, "not_integer");
    case "tooSmall":
      return fieldIssue(message, "too_small_or_unlimited", { min: problem.bound });
    case "unlimitedNotAllowed":
      return fieldIssue(message, "too_small", { min: problem.bound });
    case "tooLarge":
      return fieldIssue(message, "too_large", { max: problem.bound });
  }
}

/** One value's schema from its rule: integers only, −1 where the rule allows it. */
export function settingValue(rule: FieldRule) {
  return z.number({ error: SETTING_MESSAGES.notInteger }).superRefine((value, context) => {
    const problem = settingProblem(rule, value);
    if (problem !== null) {
      context.addIssue({ code: "custom", ...settingProblemIssue(problem) });
    }
  });
}

function partialOf<K extends string>(rules: Record<K, FieldRule>) {
  const shape = Object.fromEntries(
    Object.entries<FieldRule>(rules).map(([key, rule]) => [key, settingValue(rule).optional()]),
  ) as Record<K, z.ZodOptional<ReturnType<typeof settingValue>>>;
  return z.strictObject(shape);
}

const hasAnyValue = (body: { limits?: object; price?: object }) =>
  Object.values(body.limits ?? {}).some((v) => v !== undefined) ||
  Object.values(body.price ?? {}).some((v) => v !== undefined);

/** The fields of a tier's or world's limits and prices to change (partial), at least one. */
function overrideBody<Limit extends string, Price extends string>(
  limits: Record<Limit, FieldRule>,
  price: Record<Price, FieldRule>,
) {
  return z
    .strictObject({ limits: partialOf(limits).optional(), price: partialOf(price).optional() })
    .refine(hasAnyValue, {
      ...fieldIssue(SETTING_MESSAGES.emptyChange, "empty_change"),
      path: ["limits"],
    });
}

/** PUT /api/admin/settings/tiers/:tier: the fields to change (partial). */
export const TierOverrideBody = overrideBody(TIER_LIMIT_RULES, TIER_PRICE_RULES);
export type TierOverrideBody = z.infer<typeof TierOverrideBody>;

/** PUT /api/admin/settings/worlds/:world: the fields to change (partial). */
export const WorldOverrideBody = overrideBody(WORLD_LIMIT_RULES, WORLD_PRICE_RULES);
export type WorldOverrideBody = z.infer<typeof WorldOverrideBody>;

export const TierParams = z.object({ tier: z.enum(TIER_NAMES) });
export const WorldParams = z.object({ world: z.enum(WORLD_NAMES) });

/** DELETE …/tiers/:tier or …/worlds/:world: one field (`limits.maxTeamMembers`), or the whole section without it. */
export const ResetQuery = z.object({
  field: z
    .string()
    .regex(/^(limits|price)\.[A-Za-z]+$/, { error: "Name a field such as limits.maxTeamMembers" })
    .optional(),
});

export const RegistrationBody = z.strictObject({ open: z.boolean() });
export type RegistrationBody = z.infer<typeof RegistrationBody>;

export const MAINTENANCE_MESSAGE_MAX = 500;
export const MaintenanceBody = z.strictObject({
  message: z
    .string()
    .trim()
    .max(MAINTENANCE_MESSAGE_MAX, { error: SETTING_MESSAGES.maintenanceTooLong })
    .nullable()
    // An empty message takes the banner down, like null.
    .transform((value) => (value === null || value === "" ? null : value)),
});
export type MaintenanceBody = z.input<typeof MaintenanceBody>;

/** What a visitor's browser reads: GET /api/settings/public (its reply schema). */
export type { PublicSettings } from "./admin-settings/replies.js";
export { REGISTRATION_CLOSED_MESSAGE } from "./catalog-overrides-messages.js";

export type TierPrice = Record<TierPriceKey, number>;
export type WorldPrice = Record<WorldPriceKey, number>;
export type WorldLimitValues = Record<WorldLimitKey, number>;

/** Stored overrides, section by section; a missing field keeps the built-in value. */
export interface TierOverride {
  limits?: Partial<TierLimits>;
  price?: Partial<TierPrice>;
}
export interface WorldOverride {
  limits?: Partial<WorldLimitValues>;
  price?: Partial<WorldPrice>;
}
export interface CatalogOverrides {
  tiers: Partial<Record<TierName, TierOverride>>;
  worlds: Partial<Record<WorldName, WorldOverride>>;
}

export const NO_OVERRIDES: CatalogOverrides = { tiers: {}, worlds: {} };

/** The editable part of a tier: every limit and the prices. */
export function tierSettings(tier: SubscriptionTier): { limits: TierLimits; price: TierPrice } {
  const { monthly, yearly, trialDays } = tier.pricing;
  return { limits: { ...tier.limits }, price: { monthly, yearly, trialDays } };
}

/** The editable part of a world: its allowances and prices. */
export function worldSettings(world: World): { limits: WorldLimitValues; price: WorldPrice } {
  return {
    limits: {
      apiCallsPerMinute: world.limits.apiCallsPerMinute,
      apiCallsPerDay: world.limits.apiCallsPerDay,
      storageGB: world.limits.storageGB,
      maxProjects: world.limits.maxProjects,
      llmTokensPerDay: world.features.llmTokensPerDay,
      teamSize: world.features.teamSize,
    },
    price: { monthly: world.pricing.monthly, yearly: world.pricing.yearly },
  };
}

const defined = <T extends object>(values: T | undefined): Partial<T> =>
  Object.fromEntries(
    Object.entries(values ?? {}).filter(([, value]) => value !== undefined),
  ) as Partial<T>;

function applyTier(tier: SubscriptionTier, override: TierOverride | undefined): SubscriptionTier {
  if (override === undefined) return tier;
  return {
    ...tier,
    limits: { ...tier.limits, ...defined(override.limits) },
    pricing: { ...tier.pricing, ...defined(override.price) },
  };
}

function applyWorld(world: World, override: WorldOverride | undefined): World {
  if (override === undefined) return world;
  const limits = { ...worldSettings(world).limits, ...defined(override.limits) };
  return {
    ...world,
    limits: {
      apiCallsPerMinute: limits.apiCallsPerMinute,
      apiCallsPerDay: limits.apiCallsPerDay,
      storageGB: limits.storageGB,
      maxProjects: limits.maxProjects,
    },
    features: {
      ...world.features,
      llmTokensPerDay: limits.llmTokensPerDay,
      teamSize: limits.teamSize,
    },
    pricing: { ...world.pricing, ...defined(override.price) },
  };
}

/** The effective catalogue: the built-in one (or `base`) with every override applied. */
export function applyOverrides(
  overrides: CatalogOverrides,
  base: Catalog = buildCatalog(),
): Catalog {
  return {
    tiers: base.tiers.map((tier) => applyTier(tier, overrides.tiers[tier.name])),
    worlds: base.worlds.map((world) => applyWorld(world, overrides.worlds[world.tier])),
  };
}

/** Whether a field name (`limits.maxTeamMembers`) is an editable field of tiers or of worlds. */
export function isSettingField(kind: "tier" | "world", field: string): boolean {
  const [section, key = ""] = field.split(".");
  if (section === "limits") {
    return (kind === "tier" ? TIER_LIMIT_KEYS : WORLD_LIMIT_KEYS).some((name) => name === key);
  }
  if (section === "price") {
    return (kind === "tier" ? TIER_PRICE_KEYS : WORLD_PRICE_KEYS).some((name) => name === key);
  }
  return false;
}
