// Session lifetimes and the sign-in rate limits (docs/product.md §9, docs/product.md §10).

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

/**
 * Sign-in throttling (docs/decisions/155-sign-in-throttling.md). Every attempt spends its points before the
 * password is checked; a right password gives them back. `pair` is one account from one client address (the
 * spec's 5 per 5 minutes), `address` one client address across accounts, `account` one account across all
 * addresses (a ceiling for spread-out guessing that an address which signed in to the account before is not held by).
 */
export const LOGIN_LIMITS = {
  pair: AUTH_RATE_LIMITS.login,
  address: { points: 20, seconds: 300 },
  account: { points: 100, seconds: 3600 },
  /**
   * How long an address that signed in to an account is remembered as the owner's (under the 24.8 days a timer
   * can wait, which the in-process limiter relies on).
   */
  knownAddressSeconds: 14 * 24 * 3600,
} as const;

/** General rate limit for unauthenticated calls: 100 requests per minute. */
export const GENERAL_RATE_LIMIT: RateWindow = { points: 100, seconds: 60 };
