// Pins every catalogue number of docs/product.md §9 and docs/product.md §9.
import { describe, expect, it } from "vitest";
import {
  buildCatalog,
  canUpgradeWorld,
  effectiveLimitSources,
  effectiveLimits,
  FEATURE_FLAGS,
  LIMIT_BAR_MAXIMA,
  limitBarPercent,
  nextTier,
  priceLabel,
  TIER_ORDER,
  tierByName,
  UNLIMITED,
  WORLDS,
  worldByName,
} from "./index.js";

describe("subscription tiers", () => {
  it("come in the spec's order with the spec's prices and trials", () => {
    expect(TIER_ORDER).toEqual(["genesis", "quantum", "cosmic", "infinity"]);
    const prices = TIER_ORDER.map((name) => tierByName(name).pricing);
    expect(prices.map((p) => [p.monthly, p.yearly, p.trialDays])).toEqual([
      [0, 0, 0],
      [49, 470, 14],
      [199, 1990, 30],
      [999, 9999, 30],
    ]);
  });

  it("carry the limits table of docs/product.md §9", () => {
    const rows = TIER_ORDER.map((name) => {
      const l = tierByName(name).limits;
      return [
        l.apiCallsPerMinute,
        l.apiCallsPerHour,
        l.apiCallsPerDay,
        l.maxConcurrentRequests,
        l.maxWebSocketConnections,
        l.maxActiveUniverses,
        l.maxStorageGB,
        l.maxFileSize,
        l.maxProjects,
        l.maxTeamMembers,
        l.maxProcessingTimeMs,
        l.maxAITokensPerDay,
      ];
    });
    expect(rows).toEqual([
      [10, 100, 1000, 2, 1, 1, 1, 10, 3, 1, 5000, 1000],
      [60, 1000, 10000, 10, 5, 5, 50, 100, 20, 5, 30000, 50000],
      [300, 10000, 100000, 50, 20, 20, 500, 1000, 100, 25, 120000, 500000],
      Array(12).fill(UNLIMITED),
    ]);
    const { signalRetentionDays, ...rest } = tierByName("infinity").limits;
    expect(Object.values(rest).every((v) => v === UNLIMITED)).toBe(true);
    expect(signalRetentionDays).toBe(365);
  });

  it("keep signals 7, 30, 90 and 365 days", () => {
    expect(TIER_ORDER.map((name) => tierByName(name).limits.signalRetentionDays)).toEqual([
      7, 30, 90, 365,
    ]);
  });

  it("cap entities per universe: 3, 10, 50, unlimited", () => {
    expect(TIER_ORDER.map((name) => tierByName(name).limits.maxEntitiesPerUniverse)).toEqual([
      3, 10, 50, -1,
    ]);
  });

  it("carry SLA, encryption and support per docs/product.md §9", () => {
    const rows = TIER_ORDER.map((name) => {
      const f = tierByName(name).features;
      return [f.sla, f.encryption, f.supportLevel];
    });
    expect(rows).toEqual([
      [null, "basic", "community"],
      [24, "advanced", "email"],
      [4, "advanced", "priority"],
      [1, "quantum", "dedicated"],
    ]);
  });

  it("switch feature flags on tier by tier", () => {
    const on = (name: Parameters<typeof tierByName>[0]) =>
      FEATURE_FLAGS.filter((flag) => tierByName(name).features[flag]);
    expect(on("genesis")).toEqual(["basicDashboard", "offlineMode", "twoFactorAuth"]);
    expect(on("quantum")).toHaveLength(8);
    expect(on("cosmic")).toHaveLength(16);
    expect(on("infinity")).toEqual([...FEATURE_FLAGS]);
    expect(tierByName("quantum").features.consciousnessEngine).toBe(false);
    expect(tierByName("genesis").features.consciousnessEngine).toBe(false);
    expect(tierByName("quantum").features.ssoIntegration).toBe(false);
    expect(tierByName("cosmic").features.ssoIntegration).toBe(true);
    // Two-factor sign-in is never paywalled.
    expect(TIER_ORDER.every((name) => tierByName(name).features.twoFactorAuth)).toBe(true);
  });

  it("default to genesis and suggest the next tier", () => {
    expect(tierByName(null).name).toBe("genesis");
    expect(nextTier("genesis")).toBe("quantum");
    expect(nextTier("cosmic")).toBe("infinity");
    expect(nextTier("infinity")).toBeNull();
  });
});

describe("worlds", () => {
  it("have levels 1 to 5 with the spec's prices", () => {
    expect(WORLDS.map((w) => [w.tier, w.level, w.pricing.monthly, w.pricing.yearly])).toEqual([
      ["genesis", 1, 0, 0],
      ["awakening", 2, 19, 190],
      ["quantum", 3, 33, 330],
      ["cosmic", 4, 99, 990],
      ["infinity", 5, -1, -1],
    ]);
  });

  it("carry the spec's allowances and progression perks", () => {
    expect(WORLDS.map((w) => w.limits.apiCallsPerMinute)).toEqual([10, 30, 100, 500, -1]);
    expect(WORLDS.map((w) => w.limits.apiCallsPerDay)).toEqual([500, 5000, 20000, 100000, -1]);
    expect(WORLDS.map((w) => w.limits.storageGB)).toEqual([1, 10, 50, 500, -1]);
    expect(WORLDS.map((w) => w.limits.maxProjects)).toEqual([3, 10, 25, 100, -1]);
    expect(WORLDS.map((w) => w.features.teamSize)).toEqual([1, 3, 10, 50, -1]);
    expect(WORLDS.map((w) => w.features.llmTokensPerDay)).toEqual([100, 5000, 50000, 200000, -1]);
    expect(WORLDS.map((w) => w.features.supportLevel)).toEqual([
      "community",
      "email",
      "email",
      "priority",
      "dedicated",
    ]);
    expect(WORLDS.map((w) => w.progression.questSlots)).toEqual([3, 5, 7, 10, -1]);
    expect(WORLDS.map((w) => w.progression.experienceMultiplier)).toEqual([1, 1.5, 2, 3, 5]);
    expect(WORLDS.map((w) => w.progression.dailyBonuses)).toEqual([1, 2, 3, 3, 3]);
    expect(WORLDS.every((w) => w.progression.milestones.join() === "100,500,1000")).toBe(true);
  });

  it("only upgrade to a higher level", () => {
    expect(canUpgradeWorld("genesis", "awakening")).toBe(true);
    expect(canUpgradeWorld("quantum", "awakening")).toBe(false);
    expect(canUpgradeWorld("cosmic", "cosmic")).toBe(false);
    expect(worldByName(undefined).tier).toBe("genesis");
  });
});

describe("effective limits", () => {
  it("take the larger of tier and world", () => {
    const limits = effectiveLimits("genesis", "awakening");
    expect(limits.apiCallsPerMinute).toBe(30);
    expect(limits.apiCallsPerDay).toBe(5000);
    expect(limits.maxStorageGB).toBe(10);
    expect(limits.maxProjects).toBe(10);
    expect(limits.maxTeamMembers).toBe(3);
    expect(limits.maxAITokensPerDay).toBe(5000);
    // Limits only the tier defines stay the tier's.
    expect(limits.apiCallsPerHour).toBe(100);
    expect(limits.maxConcurrentRequests).toBe(2);
  });

  it("keep the tier's value where it is larger", () => {
    const limits = effectiveLimits("cosmic", "genesis");
    expect(limits.apiCallsPerDay).toBe(100000);
    expect(limits.maxAITokensPerDay).toBe(500000);
  });

  it("say which side each limit comes from", () => {
    const sources = effectiveLimitSources("genesis", "awakening");
    expect(sources.apiCallsPerDay).toEqual({ value: 5000, source: "world" });
    expect(sources.apiCallsPerHour).toEqual({ value: 100, source: "plan" });
    const genesis = effectiveLimitSources("genesis", "genesis");
    // SPEC's genesis world grants 500 calls and 100 tokens a day; the genesis plan's 1,000 and 1,000 win.
    expect(genesis.apiCallsPerDay).toEqual({ value: 1000, source: "plan" });
    expect(genesis.maxAITokensPerDay).toEqual({ value: 1000, source: "plan" });
    expect(genesis.maxStorageGB).toEqual({ value: 1, source: "both" });
    expect(effectiveLimitSources("genesis", "infinity").maxProjects).toEqual({
      value: UNLIMITED,
      source: "world",
    });
  });

  it("let unlimited win from either side", () => {
    expect(effectiveLimits("genesis", "infinity").apiCallsPerDay).toBe(UNLIMITED);
    expect(effectiveLimits("infinity", "genesis").maxProjects).toBe(UNLIMITED);
  });

  it("treat a missing plan as genesis", () => {
    expect(effectiveLimits(null, null)).toEqual({
      ...tierByName("genesis").limits,
      apiCallsPerDay: 1000,
    });
  });
});

describe("tier chooser rules", () => {
  it("label prices FREE, CUSTOM or an amount", () => {
    expect(priceLabel(0)).toEqual({ kind: "free" });
    expect(priceLabel(-1)).toEqual({ kind: "custom" });
    expect(priceLabel(33)).toEqual({ kind: "amount", amount: 33 });
  });

  it("scale bars to the spec's maxima, unlimited filling the bar", () => {
    expect(LIMIT_BAR_MAXIMA).toEqual({
      apiCallsPerDay: 100000,
      storageGB: 1000,
      teamSize: 50,
      aiTokensPerDay: 200000,
      maxProjects: 100,
    });
    expect(limitBarPercent(5000, LIMIT_BAR_MAXIMA.apiCallsPerDay)).toBe(5);
    expect(limitBarPercent(-1, LIMIT_BAR_MAXIMA.storageGB)).toBe(100);
    expect(limitBarPercent(500000, LIMIT_BAR_MAXIMA.aiTokensPerDay)).toBe(100);
  });

  it("serve both models in one catalogue", () => {
    const catalog = buildCatalog();
    expect(catalog.tiers).toHaveLength(4);
    expect(catalog.worlds).toHaveLength(5);
    expect(JSON.parse(JSON.stringify(catalog))).toEqual(catalog);
  });
});
