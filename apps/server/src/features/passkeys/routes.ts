// HTTP of passkeys: add, list and remove (signed in); sign in with one, password-less or as the second factor.
import { listOf, Passkey, PasskeyOptions, replyOf, SessionReply } from "@aacos/domain/replies";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../../platform/auth.js";
import { unauthorized } from "../../platform/errors.js";
import { type AccountService, clientOf, publicUser, setRefreshCookie } from "../auth/index.js";
import type { PasskeyService } from "./service.js";

/** The browser's credential JSON; the WebAuthn library checks every inner field. */
const CredentialJson = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().max(8192) }),
  clientExtensionResults: z.looseObject({}).default({}),
});

const RegisterVerifyBody = z.object({
  challengeId: z.uuid(),
  response: CredentialJson,
  name: z.string().trim().min(1).max(60).default("Passkey"),
});
const LoginOptionsBody = z.object({ mfaToken: z.string().max(2048).optional() }).nullish();
const LoginVerifyBody = z.object({
  challengeId: z.uuid(),
  response: CredentialJson,
  mfaToken: z.string().max(2048).optional(),
  rememberMe: z.boolean().default(false),
});

export async function passkeyRoutes(
  app: FastifyInstance,
  deps: { passkeys: PasskeyService; accounts: AccountService; secureCookies: boolean },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { passkeys, accounts } = deps;

  /** The user a second-factor step belongs to, from the login step's token. */
  async function mfaSubject(mfaToken: string | undefined) {
    if (mfaToken === undefined) return null;
    const claims = await app.tokens.verifyStep("mfa", mfaToken);
    if (claims === null || typeof claims.sub !== "string")
      throw unauthorized("step_expired", "This sign-in step has expired; start again");
    return { userId: claims.sub, rememberMe: claims.rememberMe === true, claims };
  }

  api.get(
    "/api/auth/passkeys",
    { onRequest: app.authenticate, schema: { response: { 200: listOf(Passkey) } } },
    async (request) => {
      const caller = callerOf(request);
      return { items: await passkeys.list(caller.user.id) };
    },
  );

  api.post(
    "/api/auth/passkeys/register/options",
    { onRequest: app.authenticate, schema: { response: { 200: PasskeyOptions } } },
    async (request) => {
      const caller = callerOf(request);
      return passkeys.registrationOptions(caller.user);
    },
  );

  api.post(
    "/api/auth/passkeys/register/verify",
    {
      onRequest: app.authenticate,
      schema: { body: RegisterVerifyBody, response: { 201: replyOf("passkey", Passkey) } },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const passkey = await passkeys.register(
        caller.user,
        request.body.challengeId,
        request.body.response as unknown as RegistrationResponseJSON,
        request.body.name,
        clientOf(request),
      );
      return reply.status(201).send({ passkey });
    },
  );

  api.delete(
    "/api/auth/passkeys/:id",
    {
      onRequest: app.authenticate,
      schema: { params: z.object({ id: z.string().min(1).max(1024) }) },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await passkeys.remove(caller.user.id, request.params.id, clientOf(request));
      return reply.status(204).send();
    },
  );

  api.post(
    "/api/auth/passkeys/login/options",
    { schema: { body: LoginOptionsBody, response: { 200: PasskeyOptions } } },
    async (request) => {
      const step = await mfaSubject(request.body?.mfaToken);
      return passkeys.authenticationOptions(step?.userId ?? null);
    },
  );

  api.post(
    "/api/auth/passkeys/login/verify",
    { schema: { body: LoginVerifyBody, response: { 200: SessionReply } } },
    async (request, reply) => {
      const step = await mfaSubject(request.body.mfaToken);
      const userId = await passkeys.authenticate(
        request.body.challengeId,
        request.body.response as unknown as AuthenticationResponseJSON,
      );
      if (step !== null && step.userId !== userId)
        throw unauthorized("passkey_other_account", "This passkey belongs to another account");
      // The MFA step token opens one session only.
      if (step !== null && !(await accounts.spendMfaStep(step.claims)))
        throw unauthorized("step_expired", "This sign-in step has expired; start again");
      const rememberMe = step?.rememberMe ?? request.body.rememberMe;
      const { user, tokens } = await accounts.completeLogin(
        userId,
        rememberMe,
        clientOf(request),
        "webauthn",
      );
      setRefreshCookie(reply, tokens, deps.secureCookies);
      return reply.send({ user: publicUser(user), ...tokens });
    },
  );
}
