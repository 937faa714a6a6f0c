// The five worlds (progression path on /tiers): docs/product.md §3 and §9, docs/product.md §9 for the values it leaves out.
import type { Catalog, World, WorldName } from "./types.js";
import { UNLIMITED } from "./types.js";

/** docs/product.md §9: milestones at 100, 500 and 1000 experience, the same in every world. */
export const MILESTONES: readonly number[] = [100, 500, 1000];

export const WORLDS: readonly World[] = [
  {
    tier: "genesis",
    level: 1,
    displayName: { en: "Genesis", he: "ג'נסיס" },
    icon: "🌱",
    color: "#8B5CF6",
    description: {
      en: "Where every journey begins: your first universe and your first entities.",
      he: "כאן מתחיל כל מסע: היקום הראשון שלכם והישויות הראשונות.",
    },
    pricing: { monthly: 0, yearly: 0, currency: "USD" },
    features: {
      dashboard: "basic",
      analytics: "basic",
      aiAssistant: "basic",
      llmTokensPerDay: 100,
      teamSize: 1,
      quantumProcessing: false,
      realityForge: false,
      supportLevel: "community",
    },
    limits: { apiCallsPerMinute: 10, apiCallsPerDay: 500, storageGB: 1, maxProjects: 3 },
    unlocks: {
      immediateUnlocks: [
        { en: "Personal dashboard", he: "לוח בקרה אישי" },
        { en: "Chat with AI entities", he: "צ'אט עם ישויות בינה מלאכותית" },
      ],
      communityPerks: [{ en: "Community forum access", he: "גישה לפורום הקהילה" }],
      secretFeatures: [{ en: "A hidden first-day quest", he: "משימה נסתרת ליום הראשון" }],
    },
    progression: {
      experienceMultiplier: 1,
      questSlots: 3,
      dailyBonuses: 1,
      milestones: MILESTONES,
    },
  },
  {
    tier: "awakening",
    level: 2,
    displayName: { en: "Awakening", he: "התעוררות" },
    icon: "🌅",
    color: "#06B6D4",
    description: {
      en: "Your workspace wakes up: more calls, more tokens and a small team.",
      he: "סביבת העבודה מתעוררת: יותר קריאות, יותר טוקנים וצוות קטן.",
    },
    pricing: { monthly: 19, yearly: 190, currency: "USD" },
    features: {
      dashboard: "enhanced",
      analytics: "standard",
      aiAssistant: "advanced",
      llmTokensPerDay: 5000,
      teamSize: 3,
      quantumProcessing: false,
      realityForge: false,
      supportLevel: "email",
    },
    limits: { apiCallsPerMinute: 30, apiCallsPerDay: 5000, storageGB: 10, maxProjects: 10 },
    unlocks: {
      immediateUnlocks: [
        { en: "Enhanced dashboard", he: "לוח בקרה משופר" },
        { en: "Weekly login bonus", he: "בונוס כניסה שבועי" },
      ],
      communityPerks: [
        { en: "Awakening badge on the leaderboard", he: "תג התעוררות בטבלת המובילים" },
      ],
      secretFeatures: [{ en: "Dawn theme accents", he: "הדגשות עיצוב של שחר" }],
    },
    progression: {
      experienceMultiplier: 1.5,
      questSlots: 5,
      dailyBonuses: 2,
      milestones: MILESTONES,
    },
  },
  {
    tier: "quantum",
    level: 3,
    displayName: { en: "Quantum", he: "קוונטום" },
    icon: "⚛️",
    color: "#3B82F6",
    description: {
      en: "Quantum processing and advanced analytics for serious builders.",
      he: "עיבוד קוונטי ואנליטיקה מתקדמת לבונים רציניים.",
    },
    pricing: { monthly: 33, yearly: 330, currency: "USD" },
    features: {
      dashboard: "advanced",
      analytics: "advanced",
      aiAssistant: "expert",
      llmTokensPerDay: 50000,
      teamSize: 10,
      quantumProcessing: true,
      realityForge: false,
      supportLevel: "email",
    },
    limits: { apiCallsPerMinute: 100, apiCallsPerDay: 20000, storageGB: 50, maxProjects: 25 },
    unlocks: {
      immediateUnlocks: [
        { en: "Quantum processing queue", he: "תור עיבוד קוונטי" },
        { en: "Monthly login bonus", he: "בונוס כניסה חודשי" },
      ],
      communityPerks: [{ en: "Quantum builders channel", he: "ערוץ בוני הקוונטום" }],
      secretFeatures: [{ en: "Entanglement view of entities", he: "תצוגת שזירה של ישויות" }],
    },
    progression: {
      experienceMultiplier: 2,
      questSlots: 7,
      dailyBonuses: 3,
      milestones: MILESTONES,
    },
  },
  {
    tier: "cosmic",
    level: 4,
    displayName: { en: "Cosmic", he: "קוסמי" },
    icon: "🌌",
    color: "#EC4899",
    description: {
      en: "The reality forge, predictive analytics and teams of fifty.",
      he: "כור היתוך של מציאות, אנליטיקה חזויה וצוותים של חמישים.",
    },
    pricing: { monthly: 99, yearly: 990, currency: "USD" },
    features: {
      dashboard: "quantum",
      analytics: "predictive",
      aiAssistant: "expert",
      llmTokensPerDay: 200000,
      teamSize: 50,
      quantumProcessing: true,
      realityForge: true,
      supportLevel: "priority",
    },
    limits: { apiCallsPerMinute: 500, apiCallsPerDay: 100000, storageGB: 500, maxProjects: 100 },
    unlocks: {
      immediateUnlocks: [
        { en: "Reality forge", he: "כור המציאות" },
        { en: "Predictive analytics", he: "אנליטיקה חזויה" },
      ],
      communityPerks: [
        { en: "Early access to community events", he: "גישה מוקדמת לאירועי הקהילה" },
      ],
      secretFeatures: [{ en: "Cosmic constellation map", he: "מפת קבוצות כוכבים קוסמית" }],
    },
    progression: {
      experienceMultiplier: 3,
      questSlots: 10,
      dailyBonuses: 3,
      milestones: MILESTONES,
    },
  },
  {
    tier: "infinity",
    level: 5,
    displayName: { en: "Infinity", he: "אינסוף" },
    icon: "♾️",
    color: "#F59E0B",
    description: {
      en: "No ceilings at all, with a dedicated team beside you.",
      he: "בלי תקרות בכלל, עם צוות ייעודי לצדכם.",
    },
    pricing: { monthly: UNLIMITED, yearly: UNLIMITED, currency: "USD" },
    features: {
      dashboard: "omniscient",
      analytics: "omniscient",
      aiAssistant: "unrestricted",
      llmTokensPerDay: UNLIMITED,
      teamSize: UNLIMITED,
      quantumProcessing: true,
      realityForge: true,
      supportLevel: "dedicated",
    },
    limits: {
      apiCallsPerMinute: UNLIMITED,
      apiCallsPerDay: UNLIMITED,
      storageGB: UNLIMITED,
      maxProjects: UNLIMITED,
    },
    unlocks: {
      immediateUnlocks: [
        { en: "Everything, unlimited", he: "הכול, ללא הגבלה" },
        { en: "Dedicated success team", he: "צוות הצלחה ייעודי" },
      ],
      communityPerks: [{ en: "Seat on the product council", he: "מקום במועצת המוצר" }],
      secretFeatures: [{ en: "The infinity easter egg", he: "ביצת ההפתעה של האינסוף" }],
    },
    progression: {
      experienceMultiplier: 5,
      questSlots: UNLIMITED,
      dailyBonuses: 3,
      milestones: MILESTONES,
    },
  },
];

/** A user with no world is in genesis; `catalog` defaults to the built-in one. */
export function worldByName(
  name: WorldName | null | undefined,
  catalog?: Pick<Catalog, "worlds">,
): World {
  const worlds = catalog?.worlds ?? WORLDS;
  const found = worlds.find((world) => world.tier === (name ?? "genesis"));
  return found ?? (worlds[0] as World);
}

/** docs/product.md §4: a world upgrade goes only to a higher level. */
export function canUpgradeWorld(from: WorldName, to: WorldName): boolean {
  return worldByName(to).level > worldByName(from).level;
}

/** Bars on /tiers scale to these maxima (docs/product.md §2). */
export const LIMIT_BAR_MAXIMA = {
  apiCallsPerDay: 100000,
  storageGB: 1000,
  teamSize: 50,
  aiTokensPerDay: 200000,
  maxProjects: 100,
} as const;

/** Share of a bar (0..100) for a value; unlimited fills the bar. */
export function limitBarPercent(value: number, maximum: number): number {
  if (value === UNLIMITED) return 100;
  return Math.min(100, Math.max(0, (value / maximum) * 100));
}
