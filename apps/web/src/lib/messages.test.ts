// The web's own failure texts (a call that got no reply, or a reply that was not ours) read by key in both languages:
// the English ones word for word as docs/product.md §8 has them, the Hebrew ones in Hebrew.
import { afterEach, describe, expect, it } from "vitest";
import { ApiError, DEFAULT_ERRORS, type DefaultError, OFFLINE_CODE } from "./api-client";
import { applyLanguage, i18n } from "./i18n";
import { errorText, translateError } from "./messages";

const KINDS = Object.keys(DEFAULT_ERRORS) as DefaultError[];

describe("the web's own failure texts", () => {
  afterEach(() => applyLanguage("he"));

  it("shows a call's default text by its kind, word for word in English and in Hebrew letters in Hebrew", () => {
    for (const kind of KINDS) {
      const failure = new ApiError(500, "http_error", "Bad Gateway", {}, null, null, {}, kind);
      applyLanguage("en");
      expect(errorText(i18n.t, failure)).toBe(DEFAULT_ERRORS[kind]);
      applyLanguage("he");
      expect(errorText(i18n.t, failure), kind).toMatch(/[\u0590-\u05FF]/);
    }
  });

  it("reads offline, a time-out and a lost connection by the client's code, never the message", () => {
    applyLanguage("en");
    expect(errorText(i18n.t, new ApiError(0, OFFLINE_CODE, "whatever"))).toBe(
      DEFAULT_ERRORS.offline,
    );
    expect(errorText(i18n.t, new ApiError(0, "timeout", "whatever"))).toBe(DEFAULT_ERRORS.timeout);
    expect(errorText(i18n.t, new ApiError(0, "network_error", "whatever"))).toBe(
      DEFAULT_ERRORS.network,
    );
    applyLanguage("he");
    expect(errorText(i18n.t, new ApiError(0, "network_error", "Network error"))).toMatch(
      /[\u0590-\u05FF]/,
    );
  });

  it("shows a sign-in that got no reply as the sign-in's own failure", () => {
    applyLanguage("en");
    const lost = new ApiError(0, "network_error", "Login failed", {}, null, null, {}, "login");
    expect(errorText(i18n.t, lost)).toBe(DEFAULT_ERRORS.login);
  });

  it("says one second, one call and one member in the singular, in English and in Hebrew", () => {
    const wait = (retryAfter: number) =>
      translateError(i18n.t, { code: "rate_limited", params: { window: "sign_in", retryAfter } });
    const calls = (limit: number) =>
      translateError(i18n.t, {
        code: "rate_limited",
        params: { window: "apiCallsPerMinute", limit, retryAfter: 30, suggestedTier: null },
      });
    const members = (max: number) =>
      translateError(i18n.t, {
        code: "limit_reached",
        params: { limit: "maxTeamMembers", max, current: max, tier: "free", plan: "free" },
      });
    applyLanguage("en");
    expect(wait(1)).toBe("Too many sign-in attempts. Try again in 1 second.");
    expect(wait(12)).toBe("Too many sign-in attempts. Try again in 12 seconds.");
    expect(calls(1)).toBe("Rate limit exceeded: 1 call per minute");
    expect(calls(60)).toBe("Rate limit exceeded: 60 calls per minute");
    expect(members(1)).toBe("Team member limit reached: 1 member on the owner's plan");
    applyLanguage("he");
    expect(wait(1)).toContain("בעוד שנייה");
    expect(wait(12)).toContain("12");
  });
});
