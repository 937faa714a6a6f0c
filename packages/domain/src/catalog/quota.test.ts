// The quota messages of docs/product.md §8 and the RateLimit fields of §9.
import { describe, expect, it } from "vitest";
import { effectiveLimits, tierByName } from "./index.js";
import {
  QUOTA_MESSAGES,
  rateLimitField,
  rateLimitPolicyField,
  tierUnlocking,
  upgradePayload,
} from "./quota.js";

describe("quota", () => {
  it("words refusals as the spec does", () => {
    expect(QUOTA_MESSAGES.minute(10)).toBe("Rate limit exceeded: 10 calls per minute");
    expect(QUOTA_MESSAGES.hour(100)).toBe("Hourly limit exceeded: 100 calls per hour");
    expect(QUOTA_MESSAGES.day(1000)).toBe("Daily limit exceeded: 1000 calls per day");
    expect(QUOTA_MESSAGES.concurrent(2)).toBe("Too many concurrent requests: max 2");
  });

  it("suggests the next tier with a link", () => {
    expect(upgradePayload("genesis", "apiCallsPerMinute")).toEqual({
      suggestedTier: "quantum",
      upgradeUrl: "/tiers?upgrade=quantum",
      reason: "apiCallsPerMinute",
    });
    expect(upgradePayload("infinity", "x").suggestedTier).toBeNull();
  });

  it("names the tier that unlocks a feature", () => {
    expect(tierUnlocking("teamCollaboration")).toBe("cosmic");
    expect(tierUnlocking("aiAssistant")).toBe("quantum");
    expect(tierUnlocking("twoFactorAuth")).toBe("genesis");
  });

  it("lists the plan's windows in RateLimit-Policy", () => {
    expect(rateLimitPolicyField(tierByName("genesis").limits)).toBe(
      '"minute";q=10;w=60, "hour";q=100;w=3600, "day";q=1000;w=86400, "concurrent";q=2;qu="concurrency"',
    );
    expect(rateLimitPolicyField(effectiveLimits("genesis", "awakening"))).toContain(
      '"minute";q=30;w=60',
    );
    expect(rateLimitPolicyField(tierByName("infinity").limits)).toBe("");
  });

  it("reports the tightest window in RateLimit", () => {
    expect(
      rateLimitField([
        { name: "minute", limit: 10, remaining: 3, resetSeconds: 42 },
        { name: "hour", limit: 100, remaining: 80, resetSeconds: 3000 },
      ]),
    ).toBe('"minute";r=3;t=42');
    expect(rateLimitField([])).toBeNull();
  });
});
