// Admins' catalogue overrides: field rules, the request schemas' messages, and the effective catalogue they build.
import { describe, expect, it } from "vitest";
import {
  buildCatalog,
  effectiveLimits,
  isPaidTier,
  tierByName,
  worldByName,
} from "./catalog/index.js";
import {
  applyOverrides,
  isSettingField,
  MaintenanceBody,
  NO_OVERRIDES,
  SETTING_MESSAGES,
  TierOverrideBody,
  WorldOverrideBody,
} from "./catalog-overrides.js";

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("the override schemas", () => {
  it("accepts a partial change with −1 where unlimited is allowed", () => {
    const parsed = TierOverrideBody.parse({
      limits: { maxTeamMembers: -1, apiCallsPerMinute: 3 },
      price: { monthly: 59 },
    });
    expect(parsed.limits).toEqual({ maxTeamMembers: -1, apiCallsPerMinute: 3 });
  });

  it("names the field and says why it is refused", () => {
    const result = TierOverrideBody.safeParse({
      limits: { maxTeamMembers: 2.5, apiCallsPerMinute: 0, signalRetentionDays: -1 },
      price: { trialDays: 400 },
    });
    expect(fieldErrors(result)).toEqual({
      "limits.maxTeamMembers": SETTING_MESSAGES.notInteger,
      "limits.apiCallsPerMinute": SETTING_MESSAGES.tooSmall(1),
      "limits.signalRetentionDays": SETTING_MESSAGES.unlimitedNotAllowed(1),
      "price.trialDays": SETTING_MESSAGES.tooLarge(365),
    });
  });

  it("refuses −2, unknown fields and an empty change", () => {
    expect(fieldErrors(TierOverrideBody.safeParse({ limits: { maxProjects: -2 } }))).toEqual({
      "limits.maxProjects": SETTING_MESSAGES.tooSmall(0),
    });
    expect(TierOverrideBody.safeParse({ limits: { notALimit: 1 } }).success).toBe(false);
    expect(fieldErrors(WorldOverrideBody.safeParse({}))).toEqual({
      limits: SETTING_MESSAGES.emptyChange,
    });
  });

  it("reads an empty maintenance message as none", () => {
    expect(MaintenanceBody.parse({ message: "  " }).message).toBeNull();
    expect(MaintenanceBody.parse({ message: " Back at 14:00 " }).message).toBe("Back at 14:00");
    expect(MaintenanceBody.safeParse({ message: "x".repeat(501) }).success).toBe(false);
  });

  it("knows which fields exist", () => {
    expect(isSettingField("tier", "limits.maxTeamMembers")).toBe(true);
    expect(isSettingField("world", "limits.teamSize")).toBe(true);
    expect(isSettingField("world", "limits.maxTeamMembers")).toBe(false);
    expect(isSettingField("tier", "price.trialDays")).toBe(true);
  });
});

describe("the effective catalogue", () => {
  it("is the built-in one without overrides", () => {
    expect(applyOverrides(NO_OVERRIDES)).toEqual(buildCatalog());
  });

  it("feeds the same rules: effective limits, prices and world allowances", () => {
    const catalog = applyOverrides({
      tiers: { quantum: { limits: { apiCallsPerMinute: 3 }, price: { monthly: 0 } } },
      worlds: { awakening: { limits: { teamSize: 40, apiCallsPerMinute: 2 } } },
    });
    expect(effectiveLimits("quantum", "genesis", catalog).apiCallsPerMinute).toBe(10);
    expect(effectiveLimits("quantum", "genesis").apiCallsPerMinute).toBe(60);
    expect(effectiveLimits("quantum", "awakening", catalog)).toMatchObject({
      apiCallsPerMinute: 3,
      maxTeamMembers: 40,
    });
    expect(isPaidTier("quantum", catalog)).toBe(false);
    expect(tierByName("quantum", catalog).pricing.yearly).toBe(470);
    expect(worldByName("awakening", catalog).features.teamSize).toBe(40);
    expect(worldByName("awakening", catalog).limits.apiCallsPerMinute).toBe(2);
  });
});
