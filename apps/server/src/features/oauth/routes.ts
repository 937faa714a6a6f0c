// HTTP of OpenID Connect sign-in: /api/auth/oauth/providers, /:provider/start (redirect), /:provider (code), /:provider/link.
import { listOf, OAuthLinked, OAuthProvider, OAuthSignInReply } from "@aacos/domain/replies";
import { requiredText } from "@aacos/domain/validation";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../../platform/auth.js";
import { tooManyRequests } from "../../platform/errors.js";
import type { RateLimiterFactory } from "../../platform/rate-limit.js";
import { clientOf, publicUser, setRefreshCookie } from "../auth/index.js";
import { OAUTH_STATE_TTL_MS, type OAuthService } from "./service.js";

/** Ties a flow to the browser that started it; readable only by these routes. */
export const OAUTH_BROWSER_COOKIE = "aacos_oauth";
const COOKIE_PATH = "/api/auth/oauth";
/** Each start writes a row; a person retrying a few times stays far below this. */
const START_LIMIT = { points: 30, seconds: 600 };

export const OAuthProviderParams = z.object({ provider: z.string().min(1).max(64) });
export const OAuthStartQuery = z.object({ redirect: z.string().max(2048).optional() });
/** What the web app's callback route posts: the redirect's parameters (`iss` when present). */
export const OAuthCallbackBody = z.object({
  code: requiredText(4096),
  state: requiredText(512),
  iss: z.string().max(2048).optional(),
});
export type OAuthCallbackBody = z.infer<typeof OAuthCallbackBody>;

export interface OAuthRouteDeps {
  oauth: OAuthService;
  rateLimiters: RateLimiterFactory;
  secureCookies: boolean;
}

export async function oauthRoutes(app: FastifyInstance, deps: OAuthRouteDeps) {
  const { oauth, secureCookies } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const startByAddress = deps.rateLimiters("oauth-start-ip", START_LIMIT);

  const clearBrowserCookie = (reply: FastifyReply) =>
    reply.clearCookie(OAUTH_BROWSER_COOKIE, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies,
    });

  api.get(
    "/api/auth/oauth/providers",
    { schema: { response: { 200: listOf(OAuthProvider) } } },
    async () => ({ items: oauth.providers() }),
  );

  api.get(
    "/api/auth/oauth/:provider/start",
    { schema: { params: OAuthProviderParams, querystring: OAuthStartQuery } },
    async (request, reply) => {
      const limit = await startByAddress.consume(request.ip);
      if (!limit.allowed) {
        throw tooManyRequests(
          `Too many sign-in attempts. Try again in ${limit.retryAfterSeconds} seconds.`,
          { window: "sign_in", retryAfter: limit.retryAfterSeconds },
        );
      }
      const { url, browser } = await oauth.start(request.params.provider, request.query.redirect);
      // Lax: the cookie must survive the top-level return from the provider.
      reply.setCookie(OAUTH_BROWSER_COOKIE, browser, {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: "lax",
        secure: secureCookies,
        maxAge: OAUTH_STATE_TTL_MS / 1000,
      });
      return reply.redirect(url.href, 302);
    },
  );

  api.post(
    "/api/auth/oauth/:provider",
    {
      schema: {
        params: OAuthProviderParams,
        body: OAuthCallbackBody,
        response: { 200: OAuthSignInReply },
      },
    },
    async (request, reply) => {
      const result = await oauth.signIn(
        request.params.provider,
        { ...request.body, browser: request.cookies[OAUTH_BROWSER_COOKIE] },
        clientOf(request),
      );
      clearBrowserCookie(reply);
      if (result.kind === "mfa") {
        return reply.send({
          mfaRequired: true as const,
          mfaToken: result.mfaToken,
          methods: result.methods,
          redirect: result.redirect,
        });
      }
      setRefreshCookie(reply, result.tokens, secureCookies);
      return reply.send({
        user: publicUser(result.user),
        ...result.tokens,
        redirect: result.redirect,
      });
    },
  );

  api.post(
    "/api/auth/oauth/:provider/link",
    {
      onRequest: app.authenticate,
      schema: {
        params: OAuthProviderParams,
        body: OAuthCallbackBody,
        response: { 200: OAuthLinked },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { redirect } = await oauth.linkTo(
        caller.user,
        request.params.provider,
        { ...request.body, browser: request.cookies[OAUTH_BROWSER_COOKIE] },
        clientOf(request),
      );
      clearBrowserCookie(reply);
      return reply.send({ linked: true as const, provider: request.params.provider, redirect });
    },
  );
}
