// Plan-change rules (docs/product.md §9): tier direction, trials, the paid period, pending downgrades and feature locks.
import { tierUnlocking } from "./quota.js";
import { TIER_ORDER, tierByName } from "./tiers.js";
import type { Catalog, FeatureFlag, LocalizedText, TierName, WorldName } from "./types.js";
import { TIER_NAMES, WORLD_NAMES } from "./types.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The default billing provider bills (and so schedules downgrades) in 30-day periods. */
export const PAID_PERIOD_DAYS = 30;

/** The plan API's refusals, word for word (the web app translates them by key). */
export const PLAN_MESSAGES = {
  alreadyOnTier: "Already on this tier",
  alreadyScheduled: "This change is already scheduled",
  worldsOnlyMoveUp: "Worlds only move up",
  planChangedMeanwhile: "The plan changed meanwhile; try again",
} as const;

/** Stored text to a tier name; anything unknown (or none) is genesis (docs/product.md §6). */
export function toTierName(value: string | null | undefined): TierName {
  return TIER_NAMES.find((name) => name === value) ?? "genesis";
}

/** Stored text to a world name; anything unknown (or none) is genesis (docs/product.md §6). */
export function toWorldName(value: string | null | undefined): WorldName {
  return WORLD_NAMES.find((name) => name === value) ?? "genesis";
}

export type TierDirection = "up" | "down" | "same";

/** Where a tier change goes in the order of docs/product.md §4. */
export function tierDirection(from: TierName, to: TierName): TierDirection {
  const delta = TIER_ORDER.indexOf(to) - TIER_ORDER.indexOf(from);
  return delta > 0 ? "up" : delta < 0 ? "down" : "same";
}

export function addDays(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

/** A paid tier is billed; genesis is free (a custom price, −1, is paid too). */
export function isPaidTier(tier: TierName, catalog?: Catalog): boolean {
  return tierByName(tier, catalog).pricing.monthly !== 0;
}

/** When a trial of this tier, started now, ends; null for a tier without trial days. */
export function trialEndFor(tier: TierName, now: Date, catalog?: Catalog): Date | null {
  const days = tierByName(tier, catalog).pricing.trialDays;
  return days > 0 ? addDays(now, days) : null;
}

/** The end of the paid period that contains `now`: a lapsed end rolls forward in whole periods. */
export function currentPeriodEnd(periodEndsAt: Date, now: Date): Date {
  if (periodEndsAt.getTime() > now.getTime()) return periodEndsAt;
  const periodMs = PAID_PERIOD_DAYS * DAY_MS;
  const lapsed = Math.floor((now.getTime() - periodEndsAt.getTime()) / periodMs) + 1;
  return new Date(periodEndsAt.getTime() + lapsed * periodMs);
}

export interface PlanState {
  tier: TierName;
  pendingTier: TierName | null;
  periodEndsAt: Date | null;
}

/** True when a scheduled downgrade has reached the end of its paid period. */
export function downgradeIsDue(plan: PlanState, now: Date): boolean {
  return (
    plan.pendingTier !== null &&
    plan.periodEndsAt !== null &&
    plan.periodEndsAt.getTime() <= now.getTime()
  );
}

/** The tier in force now, counting a due downgrade not yet written back. */
export function tierInForce(plan: PlanState, now: Date): TierName {
  return downgradeIsDue(plan, now) && plan.pendingTier !== null ? plan.pendingTier : plan.tier;
}

/** A plan as the database stores it: names as text, a scheduled downgrade with the end of the paid period. */
export interface StoredPlan {
  tier: string;
  pendingTier: string | null;
  periodEndsAt: Date | null;
  world: string;
}

/** The tier and world in force now for a stored plan (a due downgrade counts before it is written back). */
export function planInForce(stored: StoredPlan, now: Date): { tier: TierName; world: WorldName } {
  const tier = tierInForce(
    {
      tier: toTierName(stored.tier),
      pendingTier: stored.pendingTier === null ? null : toTierName(stored.pendingTier),
      periodEndsAt: stored.periodEndsAt,
    },
    now,
  );
  return { tier, world: toWorldName(stored.world) };
}

/** Feature names as the upgrade prompts say them. */
export const FEATURE_LABELS: Record<FeatureFlag, LocalizedText> = {
  basicDashboard: { en: "The basic dashboard", he: "לוח הבקרה הבסיסי" },
  advancedAnalytics: { en: "Advanced analytics", he: "ניתוח נתונים מתקדם" },
  realtimeSync: { en: "Realtime sync", he: "סנכרון בזמן אמת" },
  offlineMode: { en: "Offline mode", he: "מצב לא מקוון" },
  aiAssistant: { en: "The AI assistant", he: "עוזר הבינה המלאכותית" },
  customModels: { en: "Custom models", he: "מודלים מותאמים אישית" },
  quantumProcessing: { en: "Quantum processing", he: "עיבוד קוונטי" },
  consciousnessEngine: { en: "The consciousness engine", he: "מנוע התודעה" },
  teamCollaboration: { en: "Team collaboration", he: "עבודת צוות" },
  publicSharing: { en: "Public sharing", he: "שיתוף ציבורי" },
  apiAccess: { en: "API access", he: "גישה ל-API" },
  webhooks: { en: "Webhooks", he: "Webhooks" },
  twoFactorAuth: { en: "Two-factor sign-in", he: "אימות דו-שלבי" },
  ssoIntegration: { en: "Single sign-on", he: "כניסה אחידה (SSO)" },
  auditLogs: { en: "Audit logs", he: "יומני ביקורת" },
  customization: { en: "Customization", he: "התאמה אישית" },
};

/** "Team collaboration needs the Cosmic plan": the refusal of a locked feature, in English. */
export function featureLockedMessage(flag: FeatureFlag): string {
  const tier = tierByName(tierUnlocking(flag));
  return `${FEATURE_LABELS[flag].en} needs the ${tier.displayName.en} plan`;
}

/** Whether a tier's plan switches a feature on. */
export function tierHasFeature(tier: TierName, flag: FeatureFlag): boolean {
  return tierByName(tier).features[flag];
}

/** What GET /api/plan/me and both change calls answer (replies/plans.ts). */
export type { Plan, PlanHistoryItem } from "../plans/replies.js";
