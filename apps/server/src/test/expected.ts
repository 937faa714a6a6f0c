// Replies several features' tests expect to the letter: a plan's feature gate, its limits (one of a kind, calls a
// minute), the sign-in's second-factor step.
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

/** What a plan below Cosmic is told when it reaches for teams, by the feature gate and by the teams routes alike. */
export const TEAMS_NEED_COSMIC = {
  error: {
    code: "feature_locked",
    message: "Team collaboration needs the Cosmic plan",
    params: { feature: "teamCollaboration", plan: "cosmic" },
  },
  suggestedTier: "cosmic",
  upgradeUrl: "/tiers?upgrade=cosmic",
  reason: "teamCollaboration",
};

/** Expects the one error shape, to the letter: the status and `{ error }` (code, message, params, field messages). */
export function expectErrorReply(
  response: LightMyRequestResponse,
  status: number,
  error: Record<string, unknown>,
): void {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ error });
}

/** Expects a plan's feature gate: 403 feature_locked, with the way up (and the feature) the reply names. */
export function expectFeatureLocked(
  response: LightMyRequestResponse,
  upgrade: { suggestedTier?: string; suggestedWorld?: string; reason?: string },
): void {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ error: { code: "feature_locked" }, ...upgrade });
}

/** Expects a plan limit's refusal: 403, the limit and its maximum, and the Quantum plan offered as the way up. */
export function expectLimitReached(
  response: LightMyRequestResponse,
  message: string,
  reason: string,
  max: number,
): void {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({
    error: { code: "limit_reached", message, params: { limit: reason, max } },
    suggestedTier: "quantum",
    upgradeUrl: "/tiers?upgrade=quantum",
    reason,
  });
}

/**
 * Expects a genesis caller's 11th call in a minute refused: 429, the window, the plan that lifts it, and a retry time
 * within the minute that the Retry-After header repeats. Answers the body.
 */
export function expectMinuteLimitRefusal(refused: LightMyRequestResponse): { retryAfter: number } {
  expect(refused.statusCode).toBe(429);
  const body = refused.json();
  expect(body).toEqual({
    error: {
      code: "rate_limited",
      message: "Rate limit exceeded: 10 calls per minute",
      params: {
        window: "apiCallsPerMinute",
        limit: 10,
        retryAfter: body.retryAfter,
        suggestedTier: "quantum",
      },
    },
    retryAfter: body.retryAfter,
    suggestedTier: "quantum",
    upgradeUrl: "/tiers?upgrade=quantum",
    reason: "apiCallsPerMinute",
  });
  expect(body.retryAfter).toBeGreaterThanOrEqual(1);
  expect(body.retryAfter).toBeLessThanOrEqual(60);
  expect(refused.headers["retry-after"]).toBe(String(body.retryAfter));
  return body;
}

/** The sign-in step's answer for an account with a second factor: no session yet, a token for the code. */
export const MFA_REQUIRED = {
  mfaRequired: true,
  mfaToken: expect.any(String),
  methods: ["totp", "recovery"],
};
