// What the server stores as English keys reads in both languages: every signal kind and source, role, built-in
// alert and badge the domain lists, translated by its key.
import { PERMISSIONS, ROLES } from "@aacos/domain/access";
import { BUILT_IN_RULE_IDS, REBALANCE_SUGGESTED_ACTION } from "@aacos/domain/monitoring";
import { RANKS } from "@aacos/domain/progression";
import { SIGNAL_KINDS, SIGNAL_SOURCES } from "@aacos/domain/validation";
import { afterEach, describe, expect, it } from "vitest";
import { applyLanguage, i18n, type Language } from "./i18n";
import {
  alertRuleText,
  alertTexts,
  badgeText,
  permissionText,
  roleText,
  signalKindText,
  signalSourceText,
} from "./server-words";

const HEBREW = /[\u0590-\u05FF]/;
const number = (n: number) => String(n);

function each(language: Language, check: (text: string, key: string) => void) {
  applyLanguage(language);
  const t = i18n.t;
  for (const kind of SIGNAL_KINDS) check(signalKindText(t, kind), kind);
  for (const source of SIGNAL_SOURCES) check(signalSourceText(t, source), source);
  for (const role of ROLES) check(roleText(t, role), role);
  for (const permission of PERMISSIONS) check(permissionText(t, permission), permission);
  for (const { rank } of RANKS) check(badgeText(t, `rank-${rank}`, number), `rank-${rank}`);
  check(badgeText(t, "milestone-100", number), "milestone-100");
  for (const [name, id] of Object.entries(BUILT_IN_RULE_IDS)) {
    check(alertRuleText(t, { id, name }), name);
    const texts = alertTexts(
      t,
      {
        ruleId: id,
        rule: name,
        message: "English",
        value: 0,
        suggestedAction: id === BUILT_IN_RULE_IDS.rebalance ? REBALANCE_SUGGESTED_ACTION : null,
      },
      number,
    );
    check(texts.message, `${name} message`);
    if (texts.suggestedAction !== null) check(texts.suggestedAction, `${name} action`);
  }
}

describe("server words", () => {
  afterEach(() => applyLanguage("he"));

  it("has a Hebrew text for every key the server stores", () => {
    each("he", (text, key) => {
      expect(text, key).toMatch(HEBREW);
      expect(text, key).not.toMatch(/\{\{|[A-Za-z]{2,}/);
    });
  });

  it("has an English text for every key, not the bare key", () => {
    each("en", (text, key) => {
      expect(text, key).not.toMatch(HEBREW);
      expect(text, key).not.toMatch(/\{\{|^[a-z]+(-[a-z0-9]+)+$|\.[a-z]/);
    });
  });

  it("reads the rebalance alert from its rule and value, and keeps a user's rule name as written", () => {
    applyLanguage("he");
    const rebalance = alertTexts(
      i18n.t,
      {
        ruleId: BUILT_IN_RULE_IDS.rebalance,
        rule: "rebalance",
        message: "Harmony is 0, below 0.3: the workspace needs rebalancing",
        value: 0,
        suggestedAction: REBALANCE_SUGGESTED_ACTION,
      },
      number,
    );
    expect(rebalance.message).toBe("ההרמוניה היא 0, מתחת ל-0.3: סביבת העבודה צריכה איזון מחדש");
    const own = alertTexts(
      i18n.t,
      {
        ruleId: "r1",
        rule: "עומס",
        message: "signals.run > 3: now 4 over 60 s",
        value: 4,
        suggestedAction: null,
      },
      number,
    );
    expect(own).toEqual({ rule: "עומס", message: "עומס: הערך כעת 4", suggestedAction: null });
    expect(signalSourceText(i18n.t, "something-new")).toBe("something-new");
  });
});
