// Session lifetimes and the sign-in rate limits (SPEC.md §9, DESIGN.md security decisions).

/** Access token lifetime: one hour (3600000 ms). */
export const ACCESS_TOKEN_TTL_MS = 3_600_000;
/** Refresh token lifetime: seven days. */
export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 3_600_000;
/** Session expiry shown to the browser: now plus one hour. */
export function sessionExpiry(now: Date): Date {
  return new Date(now.getTime() + ACCESS_TOKEN_TTL_MS);
}

export interface RateWindow {
  points: number;
  seconds: number;
}

/** Login 5 per 5 minutes; register 3 per 10 minutes; reset-password 3 per 15 minutes. */
export const AUTH_RATE_LIMITS = {
  login: { points: 5, seconds: 300 },
  register: { points: 3, seconds: 600 },
  resetPassword: { points: 3, seconds: 900 },
} as const satisfies Record<string, RateWindow>;

/** General rate limit for unauthenticated calls: 100 requests per minute. */
export const GENERAL_RATE_LIMIT: RateWindow = { points: 100, seconds: 60 };
