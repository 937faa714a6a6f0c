// Plan-change rules: direction, trials, the paid period, due downgrades, locked-feature messages, plan bodies.
import { describe, expect, it } from "vitest";
import { ChangeTierBody, ChangeWorldBody } from "../validation/index.js";
import {
  addDays,
  currentPeriodEnd,
  downgradeIsDue,
  featureLockedMessage,
  isPaidTier,
  PAID_PERIOD_DAYS,
  planInForce,
  tierDirection,
  tierHasFeature,
  tierInForce,
  toTierName,
  toWorldName,
  trialEndFor,
} from "./index.js";

const NOW = new Date("2026-03-01T12:00:00Z");

describe("plan changes", () => {
  it("orders tiers as docs/product.md §4 does", () => {
    expect(tierDirection("genesis", "quantum")).toBe("up");
    expect(tierDirection("infinity", "cosmic")).toBe("down");
    expect(tierDirection("cosmic", "cosmic")).toBe("same");
  });

  it("reads stored names, falling back to genesis", () => {
    expect(toTierName("cosmic")).toBe("cosmic");
    expect(toTierName(null)).toBe("genesis");
    expect(toTierName("platinum")).toBe("genesis");
    expect(toWorldName("awakening")).toBe("awakening");
    expect(toWorldName(undefined)).toBe("genesis");
  });

  it("starts trials with the tier's trial days", () => {
    expect(trialEndFor("quantum", NOW)).toEqual(new Date("2026-03-15T12:00:00Z"));
    expect(trialEndFor("cosmic", NOW)).toEqual(addDays(NOW, 30));
    expect(trialEndFor("genesis", NOW)).toBeNull();
    expect(isPaidTier("genesis")).toBe(false);
    expect(isPaidTier("infinity")).toBe(true);
  });

  it("rolls a lapsed paid period forward in whole periods", () => {
    const end = addDays(NOW, 5);
    expect(currentPeriodEnd(end, NOW)).toEqual(end);
    expect(currentPeriodEnd(NOW, NOW)).toEqual(addDays(NOW, PAID_PERIOD_DAYS));
    expect(currentPeriodEnd(NOW, addDays(NOW, 45))).toEqual(addDays(NOW, 60));
  });

  it("applies a downgrade only once its period has ended", () => {
    const plan = { tier: "cosmic" as const, pendingTier: "quantum" as const, periodEndsAt: NOW };
    expect(downgradeIsDue(plan, addDays(NOW, -1))).toBe(false);
    expect(tierInForce(plan, addDays(NOW, -1))).toBe("cosmic");
    expect(downgradeIsDue(plan, NOW)).toBe(true);
    expect(tierInForce(plan, NOW)).toBe("quantum");
    expect(tierInForce({ ...plan, pendingTier: null }, addDays(NOW, 9))).toBe("cosmic");
  });

  it("reads a stored plan's tier and world in force, with unknown names as the free defaults", () => {
    const stored = {
      tier: "cosmic",
      pendingTier: "quantum",
      periodEndsAt: NOW,
      world: "awakening",
    };
    expect(planInForce(stored, addDays(NOW, -1))).toEqual({ tier: "cosmic", world: "awakening" });
    expect(planInForce(stored, NOW)).toEqual({ tier: "quantum", world: "awakening" });
    expect(planInForce({ ...stored, tier: "gold", pendingTier: null, world: "moon" }, NOW)).toEqual(
      {
        tier: toTierName("gold"),
        world: toWorldName("moon"),
      },
    );
  });

  it("names the feature and the tier that unlocks it", () => {
    expect(featureLockedMessage("teamCollaboration")).toBe(
      "Team collaboration needs the Cosmic plan",
    );
    expect(featureLockedMessage("apiAccess")).toBe("API access needs the Quantum plan");
    expect(tierHasFeature("genesis", "twoFactorAuth")).toBe(true);
    expect(tierHasFeature("quantum", "consciousnessEngine")).toBe(false);
  });

  it("validates plan bodies against the catalogue's names", () => {
    expect(ChangeTierBody.parse({ tier: "cosmic" })).toEqual({
      tier: "cosmic",
      interval: "monthly",
    });
    expect(ChangeTierBody.parse({ tier: "cosmic", interval: "yearly" }).interval).toBe("yearly");
    expect(ChangeTierBody.safeParse({ tier: "cosmic", interval: "weekly" }).success).toBe(false);
    expect(ChangeTierBody.safeParse({ tier: "awakening" }).success).toBe(false);
    expect(ChangeWorldBody.parse({ world: "awakening" })).toEqual({
      world: "awakening",
      interval: "monthly",
    });
    const bad = ChangeWorldBody.safeParse({ world: "mars" });
    expect(bad.success ? null : bad.error.issues[0]?.message).toBe("Invalid format");
  });
});
