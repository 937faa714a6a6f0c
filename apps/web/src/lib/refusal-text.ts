// A refusal's prompt text from its code and parameters (limit or feature, retryAfter, suggested tier), in the interface
// language: the server's English sentence is never shown (docs/decisions/165-one-prompt-per-refusal.md).
import {
  FEATURE_LABELS,
  type FeatureFlag,
  TIER_NAMES,
  type TierName,
  tierByName,
} from "@aacos/domain/catalog";
import type { TFunction } from "i18next";
import type he from "../locales/he.json";
import { type Language, localeOf } from "./i18n";
import type { RefusalFacts } from "./upgrade-prompts";

type LimitKey = keyof (typeof he)["prompts"]["limits"];
type WindowKey =
  | "apiCallsPerMinute"
  | "apiCallsPerHour"
  | "apiCallsPerDay"
  | "maxConcurrentRequests";

const WINDOWS: readonly WindowKey[] = [
  "apiCallsPerMinute",
  "apiCallsPerHour",
  "apiCallsPerDay",
  "maxConcurrentRequests",
];

const LIMITS: readonly LimitKey[] = [
  "maxActiveUniverses",
  "maxEntitiesPerUniverse",
  "maxTeamMembers",
  "questSlots",
  "maxFileSize",
  "maxStorageGB",
  "maxAITokensPerDay",
  "maxModelComplexity",
  "maxBatchOperations",
  "maxProjects",
  "maxWebSocketConnections",
  "maxTrainingDataSize",
  "maxQueryComplexity",
  "maxProcessingTimeMs",
];

function isWindow(value: string | null): value is WindowKey {
  return WINDOWS.some((key) => key === value);
}
function isLimit(value: string | null): value is LimitKey {
  return LIMITS.some((key) => key === value);
}
function isFeature(value: string | null): value is FeatureFlag {
  return value !== null && Object.hasOwn(FEATURE_LABELS, value);
}
function isTier(value: string | null): value is TierName {
  return TIER_NAMES.some((name) => name === value);
}

/** "in 42 seconds", "in 3 minutes", "tomorrow"… in the language; null without a wait. */
export function formatWait(seconds: number | null, language: Language): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  const format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: "auto" });
  if (seconds < 60) return format.format(Math.max(1, Math.ceil(seconds)), "second");
  if (seconds < 3600) return format.format(Math.ceil(seconds / 60), "minute");
  if (seconds < 86_400) return format.format(Math.ceil(seconds / 3600), "hour");
  return format.format(Math.ceil(seconds / 86_400), "day");
}

export function refusalText(t: TFunction, facts: RefusalFacts, language: Language): string {
  const when = formatWait(facts.retryAfter, language) ?? t("prompts.refusal.soon");
  if (facts.code === "rate_limited" && isWindow(facts.reason)) {
    return t(`prompts.refusal.${facts.reason}`, { when });
  }
  if (facts.code === "feature_locked") {
    if (isFeature(facts.reason) && isTier(facts.suggestedTier)) {
      return t("prompts.refusal.feature", {
        feature: FEATURE_LABELS[facts.reason][language],
        plan: tierByName(facts.suggestedTier).displayName[language],
      });
    }
    return t("prompts.refusal.featureAny");
  }
  if (facts.code === "limit_reached" && isLimit(facts.reason)) {
    const what = t(`prompts.limits.${facts.reason}`);
    return facts.retryAfter === null
      ? t("prompts.refusal.limit", { what })
      : t("prompts.refusal.limitResets", { what, when });
  }
  return t("prompts.refusal.generic");
}
