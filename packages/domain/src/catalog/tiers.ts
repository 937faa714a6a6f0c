// The subscription tiers (billing plans): docs/product.md §9 numbers, docs/product.md §9 for the values it leaves out.
import type {
  Catalog,
  FeatureFlag,
  SubscriptionTier,
  TierFeatures,
  TierLimits,
  TierName,
} from "./types.js";
import { FEATURE_FLAGS, UNLIMITED } from "./types.js";

function flags(on: readonly FeatureFlag[]): Record<FeatureFlag, boolean> {
  return Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, on.includes(flag)])) as Record<
    FeatureFlag,
    boolean
  >;
}

const GENESIS_FLAGS: FeatureFlag[] = ["basicDashboard", "offlineMode", "twoFactorAuth"];
const QUANTUM_FLAGS: FeatureFlag[] = [
  ...GENESIS_FLAGS,
  "advancedAnalytics",
  "realtimeSync",
  "aiAssistant",
  "publicSharing",
  "apiAccess",
];
const COSMIC_FLAGS: FeatureFlag[] = [
  ...QUANTUM_FLAGS,
  "customModels",
  "quantumProcessing",
  "consciousnessEngine",
  "teamCollaboration",
  "webhooks",
  "ssoIntegration",
  "auditLogs",
  "customization",
];

const UNLIMITED_LIMITS: TierLimits = {
  apiCallsPerMinute: UNLIMITED,
  apiCallsPerHour: UNLIMITED,
  apiCallsPerDay: UNLIMITED,
  maxConcurrentRequests: UNLIMITED,
  maxWebSocketConnections: UNLIMITED,
  maxActiveUniverses: UNLIMITED,
  maxStorageGB: UNLIMITED,
  maxFileSize: UNLIMITED,
  maxProjects: UNLIMITED,
  maxEntitiesPerUniverse: UNLIMITED,
  maxTeamMembers: UNLIMITED,
  maxProcessingTimeMs: UNLIMITED,
  maxQueryComplexity: UNLIMITED,
  maxBatchOperations: UNLIMITED,
  maxAITokensPerDay: UNLIMITED,
  maxModelComplexity: UNLIMITED,
  maxTrainingDataSize: UNLIMITED,
  // Signals are kept a year even on Infinity (docs/decisions/070-signals.md).
  signalRetentionDays: 365,
};

function features(
  on: readonly FeatureFlag[],
  rest: Pick<TierFeatures, "encryption" | "supportLevel" | "sla">,
): TierFeatures {
  return { ...flags(on), ...rest };
}

export const SUBSCRIPTION_TIERS: readonly SubscriptionTier[] = [
  {
    name: "genesis",
    displayName: { en: "Genesis", he: "ג'נסיס" },
    description: {
      en: "Start free: one universe, a basic dashboard and the whole game layer.",
      he: "מתחילים בחינם: יקום אחד, לוח בקרה בסיסי וכל שכבת המשחק.",
    },
    color: "#8B5CF6",
    icon: "🌱",
    limits: {
      apiCallsPerMinute: 10,
      apiCallsPerHour: 100,
      apiCallsPerDay: 1000,
      maxConcurrentRequests: 2,
      maxWebSocketConnections: 1,
      maxActiveUniverses: 1,
      maxStorageGB: 1,
      maxFileSize: 10,
      maxProjects: 3,
      maxEntitiesPerUniverse: 3,
      maxTeamMembers: 1,
      maxProcessingTimeMs: 5000,
      maxQueryComplexity: 10,
      maxBatchOperations: 10,
      maxAITokensPerDay: 1000,
      maxModelComplexity: 1,
      maxTrainingDataSize: 10,
      signalRetentionDays: 7,
    },
    features: features(GENESIS_FLAGS, {
      encryption: "basic",
      supportLevel: "community",
      sla: null,
    }),
    pricing: { monthly: 0, yearly: 0, currency: "USD", trialDays: 0 },
    upgradeText: {
      en: "Upgrade to Quantum for the AI assistant and ten times the calls.",
      he: "שדרגו לקוונטום לעוזר הבינה המלאכותית ופי עשרה קריאות.",
    },
    downgradeText: {
      en: "Genesis keeps one universe and the basic dashboard.",
      he: "ג'נסיס שומר יקום אחד ולוח בקרה בסיסי.",
    },
    limitReachedText: {
      en: "You've reached a Genesis limit. Quantum lifts it.",
      he: "הגעתם למגבלה של ג'נסיס. קוונטום מסיר אותה.",
    },
    benefitText: {
      en: "Free forever, with the full game layer.",
      he: "חינם לתמיד, עם שכבת המשחק המלאה.",
    },
  },
  {
    name: "quantum",
    displayName: { en: "Quantum", he: "קוונטום" },
    description: {
      en: "For builders: the AI assistant, realtime sync and advanced analytics.",
      he: "לבונים: עוזר בינה מלאכותית, סנכרון בזמן אמת ואנליטיקה מתקדמת.",
    },
    color: "#3B82F6",
    icon: "⚛️",
    limits: {
      apiCallsPerMinute: 60,
      apiCallsPerHour: 1000,
      apiCallsPerDay: 10000,
      maxConcurrentRequests: 10,
      maxWebSocketConnections: 5,
      maxActiveUniverses: 5,
      maxStorageGB: 50,
      maxFileSize: 100,
      maxProjects: 20,
      maxEntitiesPerUniverse: 10,
      maxTeamMembers: 5,
      maxProcessingTimeMs: 30000,
      maxQueryComplexity: 50,
      maxBatchOperations: 100,
      maxAITokensPerDay: 50000,
      maxModelComplexity: 3,
      maxTrainingDataSize: 1000,
      signalRetentionDays: 30,
    },
    features: features(QUANTUM_FLAGS, { encryption: "advanced", supportLevel: "email", sla: 24 }),
    pricing: { monthly: 49, yearly: 470, currency: "USD", trialDays: 14 },
    upgradeText: {
      en: "Upgrade to Cosmic for teams, custom models and the consciousness engine.",
      he: "שדרגו לקוסמי לצוותים, מודלים מותאמים ומנוע התודעה.",
    },
    downgradeText: {
      en: "Leaving Quantum turns off the AI assistant and realtime sync.",
      he: "עזיבת קוונטום מכבה את עוזר הבינה המלאכותית ואת הסנכרון בזמן אמת.",
    },
    limitReachedText: {
      en: "You've reached a Quantum limit. Cosmic lifts it.",
      he: "הגעתם למגבלה של קוונטום. קוסמי מסיר אותה.",
    },
    benefitText: {
      en: "14 days free, then email support with a 24-hour SLA.",
      he: "14 ימים חינם, ואז תמיכה בדוא״ל עם SLA של 24 שעות.",
    },
  },
  {
    name: "cosmic",
    displayName: { en: "Cosmic", he: "קוסמי" },
    description: {
      en: "For teams: collaboration, custom models, webhooks, SSO and audit logs.",
      he: "לצוותים: שיתוף פעולה, מודלים מותאמים, Webhooks, SSO ויומני ביקורת.",
    },
    color: "#EC4899",
    icon: "🌌",
    limits: {
      apiCallsPerMinute: 300,
      apiCallsPerHour: 10000,
      apiCallsPerDay: 100000,
      maxConcurrentRequests: 50,
      maxWebSocketConnections: 20,
      maxActiveUniverses: 20,
      maxStorageGB: 500,
      maxFileSize: 1000,
      maxProjects: 100,
      maxEntitiesPerUniverse: 50,
      maxTeamMembers: 25,
      maxProcessingTimeMs: 120000,
      maxQueryComplexity: 200,
      maxBatchOperations: 1000,
      maxAITokensPerDay: 500000,
      maxModelComplexity: 5,
      maxTrainingDataSize: 10000,
      signalRetentionDays: 90,
    },
    features: features(COSMIC_FLAGS, { encryption: "advanced", supportLevel: "priority", sla: 4 }),
    pricing: { monthly: 199, yearly: 1990, currency: "USD", trialDays: 30 },
    upgradeText: {
      en: "Upgrade to Infinity: no limits, quantum encryption and a dedicated team.",
      he: "שדרגו לאינסוף: ללא מגבלות, הצפנה קוונטית וצוות ייעודי.",
    },
    downgradeText: {
      en: "Leaving Cosmic ends team collaboration and the consciousness engine.",
      he: "עזיבת קוסמי מסיימת את שיתוף הפעולה בצוות ואת מנוע התודעה.",
    },
    limitReachedText: {
      en: "You've reached a Cosmic limit. Infinity has none.",
      he: "הגעתם למגבלה של קוסמי. לאינסוף אין מגבלות.",
    },
    benefitText: {
      en: "30 days free, then priority support with a 4-hour SLA.",
      he: "30 ימים חינם, ואז תמיכה מועדפת עם SLA של 4 שעות.",
    },
  },
  {
    name: "infinity",
    displayName: { en: "Infinity", he: "אינסוף" },
    description: {
      en: "Everything, without limits, with a dedicated support team.",
      he: "הכול, ללא מגבלות, עם צוות תמיכה ייעודי.",
    },
    color: "#F59E0B",
    icon: "♾️",
    limits: UNLIMITED_LIMITS,
    features: features(FEATURE_FLAGS, { encryption: "quantum", supportLevel: "dedicated", sla: 1 }),
    pricing: { monthly: 999, yearly: 9999, currency: "USD", trialDays: 30 },
    upgradeText: { en: "Infinity is the highest plan.", he: "אינסוף היא התוכנית הגבוהה ביותר." },
    downgradeText: {
      en: "Leaving Infinity brings limits back.",
      he: "עזיבת אינסוף מחזירה את המגבלות.",
    },
    limitReachedText: {
      en: "Infinity has no limits.",
      he: "לאינסוף אין מגבלות.",
    },
    benefitText: {
      en: "30 days free, then dedicated support with a 1-hour SLA.",
      he: "30 ימים חינם, ואז תמיכה ייעודית עם SLA של שעה.",
    },
  },
];

/** docs/product.md §4: genesis, quantum, cosmic, infinity. */
export const TIER_ORDER: readonly TierName[] = SUBSCRIPTION_TIERS.map((tier) => tier.name);

/** A user with no tier is on genesis (docs/product.md §6); `catalog` defaults to the built-in one. */
export function tierByName(
  name: TierName | null | undefined,
  catalog?: Pick<Catalog, "tiers">,
): SubscriptionTier {
  const tiers = catalog?.tiers ?? SUBSCRIPTION_TIERS;
  const found = tiers.find((tier) => tier.name === (name ?? "genesis"));
  // The list holds every TierName, so the fallback only guards against bad data.
  return found ?? (tiers[0] as SubscriptionTier);
}

/** The suggested upgrade is the next tier in order; null on the highest. */
export function nextTier(name: TierName | null | undefined): TierName | null {
  const index = TIER_ORDER.indexOf(name ?? "genesis");
  return TIER_ORDER[index + 1] ?? null;
}
