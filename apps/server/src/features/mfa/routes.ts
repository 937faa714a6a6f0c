// HTTP of two-factor sign-in: /api/auth/mfa (status), setup, verify (confirm the setup or finish a login), disable.

import { AUTH_RATE_LIMITS } from "@aacos/domain/access";
import { fieldFailure } from "@aacos/domain/errors";
import { MfaEnabled, MfaStatus, SessionReply, TotpSetup } from "@aacos/domain/replies";
import { MfaDisableBody, MfaSetupBody, MfaVerifyBody } from "@aacos/domain/validation";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../../platform/auth.js";
import {
  conflict,
  tooManyRequests,
  unauthorized,
  validationFailed,
} from "../../platform/errors.js";
import type { RateLimiterFactory } from "../../platform/rate-limit.js";
import {
  type AccountService,
  clientOf,
  publicUser,
  type SessionTokens,
  setRefreshCookie,
} from "../auth/index.js";
import type { MfaService } from "./service.js";

export const INVALID_CODE_MESSAGE = "Invalid verification code";
export const STEP_EXPIRED_MESSAGE = "The sign-in step expired; sign in again";

/** The second step of a login answers the session; confirming the setup, the recovery codes. */
const VerifyReply = z.union([SessionReply, MfaEnabled]);

export interface MfaRouteDeps {
  mfa: MfaService;
  accounts: AccountService;
  rateLimiters: RateLimiterFactory;
  secureCookies: boolean;
}

export async function mfaRoutes(app: FastifyInstance, deps: MfaRouteDeps) {
  const { mfa, accounts, secureCookies } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const attempts = deps.rateLimiters("mfa-user", AUTH_RATE_LIMITS.login);

  /**
   * Runs a code check within the user's budget of 5 attempts per 5 minutes. The point is spent before the
   * check, so parallel guesses cannot slip past the limit; a right code gives the budget back.
   */
  async function withinBudget(userId: string, check: () => Promise<boolean>): Promise<boolean> {
    const decision = await attempts.consume(userId);
    if (!decision.allowed) {
      throw tooManyRequests(
        `Too many verification attempts. Try again in ${decision.retryAfterSeconds} seconds.`,
        { window: "verification", retryAfter: decision.retryAfterSeconds },
      );
    }
    const passed = await check();
    if (passed) await attempts.reset(userId);
    return passed;
  }

  /** A wrong code while signed in is a form error: a 401 would make the browser sign the user out. */
  const wrongCodeWhileSignedIn = () =>
    validationFailed({ code: fieldFailure(INVALID_CODE_MESSAGE, "invalid_code") });

  api.get(
    "/api/auth/mfa",
    { onRequest: app.authenticate, schema: { response: { 200: MfaStatus } } },
    async (request) => {
      const caller = callerOf(request);
      return mfa.status(caller.user.id);
    },
  );

  api.post(
    "/api/auth/mfa/setup",
    {
      onRequest: app.authenticate,
      schema: { body: MfaSetupBody.nullish(), response: { 200: TotpSetup } },
    },
    async (request) => {
      const caller = callerOf(request);
      return mfa.startSetup(caller.user);
    },
  );

  api.post(
    "/api/auth/mfa/verify",
    { schema: { body: MfaVerifyBody, response: { 200: VerifyReply } } },
    async (request, reply) => {
      const { code, type, mfaToken } = request.body;

      if (mfaToken !== undefined) {
        // The second step of a login: the password step's token names the user.
        const claims = await app.tokens.verifyStep("mfa", mfaToken);
        if (claims === null || typeof claims.sub !== "string") {
          throw unauthorized("step_expired", STEP_EXPIRED_MESSAGE);
        }
        if (type === "webauthn") {
          throw validationFailed({
            type: fieldFailure("Passkeys sign in through the passkey flow", "use_passkey_flow"),
          });
        }
        const userId = claims.sub;
        if (!(await withinBudget(userId, () => mfa.check(userId, type, code)))) {
          throw unauthorized("invalid_code", INVALID_CODE_MESSAGE);
        }
        // One password step, one session: a second use of the token (even with another valid code) is refused.
        if (!(await accounts.spendMfaStep(claims)))
          throw unauthorized("step_expired", STEP_EXPIRED_MESSAGE);
        const { user, tokens } = await accounts.completeLogin(
          userId,
          claims.rememberMe === true,
          clientOf(request),
          type,
        );
        return sendSession(reply, user, tokens);
      }

      // Confirming the setup: the signed-in user proves the authenticator app holds the new secret.
      const caller = callerOf(request);
      if (type !== "totp") {
        throw validationFailed({
          type: fieldFailure(
            "Confirm the setup with a code from the authenticator app",
            "confirm_with_app",
          ),
        });
      }
      const userId = caller.user.id;
      let recoveryCodes: string[] | undefined;
      const passed = await withinBudget(userId, async () => {
        const result = await mfa.enable(userId, code, clientOf(request));
        if (result.kind === "enabled") recoveryCodes = result.recoveryCodes;
        return result.kind === "enabled";
      });
      if (!passed || recoveryCodes === undefined) throw wrongCodeWhileSignedIn();
      return { enabled: true as const, recoveryCodes };
    },
  );

  api.post(
    "/api/auth/mfa/disable",
    { onRequest: app.authenticate, schema: { body: MfaDisableBody } },
    async (request, reply) => {
      const caller = callerOf(request);
      const userId = caller.user.id;
      if (!(await mfa.isEnabled(userId))) throw conflict("mfa_off", "Two-factor sign-in is not on");
      const { code } = request.body;
      // Six digits are an authenticator code; anything else is tried as a recovery code.
      const type = /^\d{6}$/.test(code.replace(/\s/g, "")) ? "totp" : "recovery";
      if (!(await withinBudget(userId, () => mfa.check(userId, type, code)))) {
        throw wrongCodeWhileSignedIn();
      }
      await mfa.disable(userId, clientOf(request));
      return reply.status(204).send();
    },
  );

  function sendSession(
    reply: FastifyReply,
    user: Parameters<typeof publicUser>[0],
    tokens: SessionTokens,
  ) {
    setRefreshCookie(reply, tokens, secureCookies);
    return reply.status(200).send({ user: publicUser(user), ...tokens });
  }
}
