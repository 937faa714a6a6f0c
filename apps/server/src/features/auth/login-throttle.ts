// Sign-in throttling (docs/decisions/155-sign-in-throttling.md): points are spent before the password is checked,
// per (account, address) pair, per address and per account; a right password gives them back.
import { LOGIN_LIMITS } from "@aacos/domain/access";
import { tooManyRequests } from "../../platform/errors.js";
import type { RateDecision, RateLimiterFactory } from "../../platform/rate-limit.js";

export interface LoginAttempt {
  /** The identifier as typed (email or username), normalised here. */
  identifier: string;
  address: string;
}

export function createLoginThrottle(rateLimiters: RateLimiterFactory) {
  const byPair = rateLimiters("login-pair", LOGIN_LIMITS.pair);
  const byAddress = rateLimiters("login-ip", LOGIN_LIMITS.address);
  const byAccount = rateLimiters("login-account", LOGIN_LIMITS.account);
  // A window counter used as a marker: a point spent means "this address signed in to this account".
  const KNOWN_POINTS = 1_000_000;
  const knownAddresses = rateLimiters("login-known", {
    points: KNOWN_POINTS,
    seconds: LOGIN_LIMITS.knownAddressSeconds,
  });

  const keysOf = ({ identifier, address }: LoginAttempt) => {
    const account = identifier.trim().toLowerCase();
    return { account, address, pair: `${account}\u0000${address}` };
  };

  const refused = (decision: RateDecision) =>
    tooManyRequests(
      `Too many sign-in attempts. Try again in ${decision.retryAfterSeconds} seconds.`,
      { window: "sign_in", retryAfter: decision.retryAfterSeconds },
    );

  return {
    /**
     * Spends one point of every budget before the password is checked, so parallel guesses cannot pass the
     * limit; throws 429 (giving back what it spent) when one is used up. An address that signed in to this
     * account before is not held by the account-wide ceiling: strangers spread over many addresses cannot
     * lock the owner out of their own address.
     */
    async admit(attempt: LoginAttempt): Promise<void> {
      const keys = keysOf(attempt);
      const [pair, address, account] = await Promise.all([
        byPair.consume(keys.pair),
        byAddress.consume(keys.address),
        byAccount.consume(keys.account),
      ]);
      let blocking: RateDecision | undefined = [pair, address].find((d) => !d.allowed);
      if (blocking === undefined && !account.allowed) {
        const known = await knownAddresses.peek(keys.pair);
        if (known.remaining >= KNOWN_POINTS) blocking = account;
      }
      if (blocking === undefined) return;
      // The refused attempt checked nothing: it gives its points back so it does not extend the lock.
      await Promise.all([
        pair.allowed ? byPair.reward(keys.pair) : Promise.resolve(),
        address.allowed ? byAddress.reward(keys.address) : Promise.resolve(),
        account.allowed ? byAccount.reward(keys.account) : Promise.resolve(),
      ]);
      throw refused(blocking);
    },

    /** The password was right: the points come back, the pair starts afresh, the address is the owner's. */
    async succeeded(attempt: LoginAttempt): Promise<void> {
      const keys = keysOf(attempt);
      await Promise.all([
        byPair.reset(keys.pair),
        byAddress.reward(keys.address),
        byAccount.reward(keys.account),
        knownAddresses.consume(keys.pair),
      ]);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
