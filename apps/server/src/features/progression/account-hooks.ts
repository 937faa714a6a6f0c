// What progression does when something happens to an account elsewhere (sign-in, a world change), as the hooks the
// account and plan services are given; progress is best effort there and never blocks or undoes the account change.
import type { ProgressionService } from "./service.js";

interface Log {
  warn(details: object, message: string): void;
}

/** The login day is counted before the reply; a failure there is logged and never blocks signing in. */
export function countSignIn(progression: ProgressionService, log: Log) {
  return (userId: string) =>
    progression
      .recordSignIn(userId)
      .catch((error: unknown) => log.warn({ err: error, userId }, "login day not counted"));
}

/** The leaderboard follows a world change, then the upgrade bonus is credited; a failed credit is retried by the
 * hourly check (the ledger key makes it pay once). */
export function creditWorldChange(progression: ProgressionService, log: Log) {
  return (userId: string) =>
    progression.leaderboard
      .refresh(userId)
      .then(() =>
        progression
          .creditWorldUpgrades(userId)
          .catch((error: unknown) => log.warn({ err: error, userId }, "upgrade bonus deferred")),
      );
}
