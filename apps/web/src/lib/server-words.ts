// What the server stores in English as stable keys (signal kinds and sources, built-in alert rules, badge ids, roles,
// plan and world names), in the interface language: translated by the key, never by the English text. A key the
// domain does not list (a newer server) is shown as sent.
import { PERMISSIONS, type Permission, ROLES, type Role } from "@aacos/domain/access";
import {
  TIER_NAMES,
  type TierName,
  tierByName,
  WORLD_NAMES,
  type WorldName,
  worldByName,
} from "@aacos/domain/catalog";
import {
  BUILT_IN_RULE_IDS,
  CPU_ALERT_PERCENT,
  HARMONY_THRESHOLD,
  MEMORY_ALERT_PERCENT,
} from "@aacos/domain/monitoring";
import { RANKS, type Rank } from "@aacos/domain/progression";
import {
  SIGNAL_KINDS,
  SIGNAL_SEVERITIES,
  SIGNAL_SOURCES,
  type SignalKind,
  type SignalSeverity,
  type SignalSource,
} from "@aacos/domain/validation";
import type { TFunction } from "i18next";
import type { Language } from "./i18n";

const includes = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** The word in the interface language when the domain lists it; a key it does not list is shown as sent. */
function knownWord<T extends string>(
  list: readonly T[],
  value: string,
  translate: (word: T) => string,
): string {
  return includes(list, value) ? translate(value) : value;
}

/** info, warning, critical (signals and alerts share them). */
export function severityText(t: TFunction, severity: string): string {
  return knownWord<SignalSeverity>(SIGNAL_SEVERITIES, severity, (word) =>
    t(`live.severity.${word}`),
  );
}

export function signalKindText(t: TFunction, kind: string): string {
  return knownWord<SignalKind>(SIGNAL_KINDS, kind, (word) => t(`words.signalKinds.${word}`));
}

export function signalSourceText(t: TFunction, source: string): string {
  return knownWord<SignalSource>(SIGNAL_SOURCES, source, (word) =>
    t(`words.signalSources.${word}`),
  );
}

export function roleText(t: TFunction, role: string): string {
  return knownWord<Role>(ROLES, role, (word) => t(`words.roles.${word}`));
}

/** A permission id (`admin.access`) as the admin reads it; the id itself stays for a tooltip. */
export function permissionText(t: TFunction, permission: string): string {
  return knownWord<Permission>(PERMISSIONS, permission, (word) => t(`words.permissions.${word}`));
}

export function tierText(tier: string, language: Language): string {
  return knownWord<TierName>(TIER_NAMES, tier, (word) => tierByName(word).displayName[language]);
}

export function worldText(world: string, language: Language): string {
  return knownWord<WorldName>(
    WORLD_NAMES,
    world,
    (word) => worldByName(word).displayName[language],
  );
}

const RANK_NAMES: readonly Rank[] = RANKS.map((step) => step.rank);

/** A badge id as the progression ledger awards it: `milestone-<xp>` or `rank-<rank>`. */
export function badgeText(
  t: TFunction,
  badge: string,
  formatNumber: (n: number) => string,
): string {
  const [kind, ...rest] = badge.split("-");
  const value = rest.join("-");
  if (kind === "milestone" && /^\d+$/.test(value)) {
    return t("words.badges.milestone", { xp: formatNumber(Number(value)) });
  }
  if (kind === "rank" && includes<Rank>(RANK_NAMES, value)) {
    return t("words.badges.rank", { rank: t(`tiers.ranks.${value}`) });
  }
  return badge;
}

type BuiltInRule = keyof typeof BUILT_IN_RULE_IDS;
function builtInRule(ruleId: string | null | undefined): BuiltInRule | null {
  const entry = Object.entries(BUILT_IN_RULE_IDS).find(([, id]) => id === ruleId);
  return entry ? (entry[0] as BuiltInRule) : null;
}

/** A rule's name: a built-in rule by its fixed id, a user's rule as the user named it. */
export function alertRuleText(t: TFunction, rule: { id: string; name: string }): string {
  const builtIn = builtInRule(rule.id);
  return builtIn === null ? rule.name : t(`words.alerts.${builtIn}.name`);
}

export interface AlertFacts {
  ruleId?: string | null;
  rule: string;
  message: string;
  value?: number | null;
  test?: boolean;
  suggestedAction: string | null;
}

/** An alert's rule name, message and suggested action, from its rule id and value rather than its English text. */
export function alertTexts(
  t: TFunction,
  alert: AlertFacts,
  formatNumber: (n: number) => string,
): { rule: string; message: string; suggestedAction: string | null } {
  const builtIn = builtInRule(alert.ruleId);
  const rule = builtIn === null ? alert.rule : t(`words.alerts.${builtIn}.name`);
  const value = alert.value === null || alert.value === undefined ? "—" : formatNumber(alert.value);
  let message: string;
  if (alert.test) message = t("words.alerts.test", { rule });
  else if (builtIn === null) message = t("words.alerts.user", { rule, value });
  else {
    const threshold = {
      memory: MEMORY_ALERT_PERCENT,
      cpu: CPU_ALERT_PERCENT,
      rebalance: HARMONY_THRESHOLD,
    }[builtIn];
    message = t(`words.alerts.${builtIn}.message`, { value, threshold: formatNumber(threshold) });
  }
  const suggestedAction =
    alert.suggestedAction === null
      ? null
      : builtIn === "rebalance"
        ? t("words.alerts.rebalance.action")
        : alert.suggestedAction;
  return { rule, message, suggestedAction };
}
