// Types of the plan catalogue: subscription tiers (billing) and worlds (progression), docs/product.md §3.

export const TIER_NAMES = ["genesis", "quantum", "cosmic", "infinity"] as const;
export type TierName = (typeof TIER_NAMES)[number];

export const WORLD_NAMES = ["genesis", "awakening", "quantum", "cosmic", "infinity"] as const;
export type WorldName = (typeof WORLD_NAMES)[number];

/** Catalogue texts exist in both interface languages; the API and the English UI use `en`. */
export interface LocalizedText {
  en: string;
  he: string;
}

/** -1 means unlimited everywhere in the catalogue. */
export const UNLIMITED = -1;

export interface TierLimits {
  apiCallsPerMinute: number;
  apiCallsPerHour: number;
  apiCallsPerDay: number;
  maxConcurrentRequests: number;
  maxWebSocketConnections: number;
  maxActiveUniverses: number;
  maxStorageGB: number;
  /** Megabytes. */
  maxFileSize: number;
  maxProjects: number;
  /** Entities in one universe. */
  maxEntitiesPerUniverse: number;
  maxTeamMembers: number;
  maxProcessingTimeMs: number;
  maxQueryComplexity: number;
  maxBatchOperations: number;
  maxAITokensPerDay: number;
  maxModelComplexity: number;
  /** Megabytes. */
  maxTrainingDataSize: number;
  /** Days a user's signals are kept (docs/decisions/070-signals.md). */
  signalRetentionDays: number;
}

export const FEATURE_FLAGS = [
  "basicDashboard",
  "advancedAnalytics",
  "realtimeSync",
  "offlineMode",
  "aiAssistant",
  "customModels",
  "quantumProcessing",
  "consciousnessEngine",
  "teamCollaboration",
  "publicSharing",
  "apiAccess",
  "webhooks",
  "twoFactorAuth",
  "ssoIntegration",
  "auditLogs",
  "customization",
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export type Encryption = "basic" | "advanced" | "quantum";
export type SupportLevel = "community" | "email" | "priority" | "dedicated";

export type TierFeatures = Record<FeatureFlag, boolean> & {
  encryption: Encryption;
  supportLevel: SupportLevel;
  /** Hours; null where the plan carries no SLA. */
  sla: number | null;
};

export interface Pricing {
  /** USD per month; 0 is free, -1 is custom. */
  monthly: number;
  yearly: number;
  currency: "USD";
  trialDays: number;
}

export interface SubscriptionTier {
  name: TierName;
  displayName: LocalizedText;
  description: LocalizedText;
  color: string;
  icon: string;
  limits: TierLimits;
  features: TierFeatures;
  pricing: Pricing;
  upgradeText: LocalizedText;
  downgradeText: LocalizedText;
  limitReachedText: LocalizedText;
  benefitText: LocalizedText;
}

export type DashboardKind = "basic" | "enhanced" | "advanced" | "quantum" | "omniscient";
export type AnalyticsKind = "basic" | "standard" | "advanced" | "predictive" | "omniscient";
export type AssistantKind = "none" | "basic" | "advanced" | "expert" | "unrestricted";

export interface WorldFeatures {
  dashboard: DashboardKind;
  analytics: AnalyticsKind;
  aiAssistant: AssistantKind;
  llmTokensPerDay: number;
  teamSize: number;
  quantumProcessing: boolean;
  realityForge: boolean;
  supportLevel: SupportLevel;
}

export interface WorldLimits {
  apiCallsPerMinute: number;
  apiCallsPerDay: number;
  storageGB: number;
  maxProjects: number;
}

export interface WorldUnlocks {
  immediateUnlocks: LocalizedText[];
  communityPerks: LocalizedText[];
  secretFeatures: LocalizedText[];
}

export interface WorldProgression {
  experienceMultiplier: number;
  /** -1 means unlimited (shown as ∞). */
  questSlots: number;
  /** How many of the bonus days (1, 7, 30) this world unlocks, in that order. */
  dailyBonuses: number;
  milestones: readonly number[];
}

export interface World {
  tier: WorldName;
  level: number;
  displayName: LocalizedText;
  icon: string;
  color: string;
  description: LocalizedText;
  pricing: { monthly: number; yearly: number; currency: "USD" };
  features: WorldFeatures;
  limits: WorldLimits;
  unlocks: WorldUnlocks;
  progression: WorldProgression;
}

export interface Catalog {
  tiers: SubscriptionTier[];
  worlds: World[];
}
