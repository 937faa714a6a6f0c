// Accounts: sign-in, the admin's user management, first-run setup, password resets, MFA, passkeys, rate budgets,
// personal API keys and teams.
import { createApiKeyService } from "../features/api-keys/index.js";
import { createAccountService, createPasswordResetService } from "../features/auth/index.js";
import type { FileService } from "../features/files/index.js";
import { createMfaService } from "../features/mfa/index.js";
import { createPasskeyService, relyingPartyFor } from "../features/passkeys/index.js";
import type { PlanService } from "../features/plans/index.js";
import { countSignIn, type ProgressionService } from "../features/progression/index.js";
import { createSetupService } from "../features/setup/index.js";
import { createTeamService } from "../features/teams/index.js";
import { createUserService } from "../features/users/index.js";
import { createRateLimiterFactory } from "../platform/rate-limit.js";
import type { Core } from "./core.js";
import type { Services } from "./services.js";

export type AccountServices = Pick<
  Services,
  | "accounts"
  | "users"
  | "setup"
  | "rateLimiters"
  | "passwordResets"
  | "mfa"
  | "passkeys"
  | "apiKeys"
  | "teams"
>;

export function createAccountServices(
  core: Core,
  {
    progression,
    plans,
    files,
  }: { progression: ProgressionService; plans: PlanService; files: FileService },
): AccountServices {
  const { app, deps, db, clock, audit, sessions, signer, mailer, prefix, realtimeBus, signals } =
    core;
  const { config } = deps;
  const accounts = createAccountService({
    db,
    clock,
    audit,
    sessions,
    signer,
    onSignIn: countSignIn(progression, app.log),
  });
  return {
    accounts,
    users: createUserService({
      db,
      clock,
      audit,
      plans,
      files,
      onAccessChanged: async (userId) => {
        // Access changes include world changes and deletions: the leaderboard's index follows.
        await progression.leaderboard.refresh(userId);
        return realtimeBus.publish("access", { userId, message: { type: "access.changed" } });
      },
    }),
    setup: createSetupService({ db, clock, accounts, audit }),
    rateLimiters: createRateLimiterFactory({ redis: deps.redis, prefix: `aacos:${prefix}` }),
    passwordResets: createPasswordResetService({
      db,
      clock,
      mailer,
      accounts,
      audit,
      publicUrl: config.publicUrl,
      log: app.log,
    }),
    mfa: createMfaService({ db, clock, audit }),
    passkeys: createPasskeyService({ db, clock, audit, rp: relyingPartyFor(config.publicUrl) }),
    apiKeys: createApiKeyService({ db, clock, audit }),
    teams: createTeamService({
      db,
      clock,
      mailer,
      publicUrl: config.publicUrl,
      notify: (userId, signal) => signals.notify(userId, signal),
    }),
  };
}
