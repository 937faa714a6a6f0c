// HTTP of accounts and sessions: /api/auth/register, login, refresh, logout, me, permissions, profile, password, sessions.

import { AUTH_RATE_LIMITS, REFRESH_TOKEN_TTL_MS } from "@aacos/domain/access";
import { REGISTRATION_CLOSED_MESSAGE } from "@aacos/domain/catalog-overrides";
import {
  ActiveSession,
  AuthUser,
  LoginReply,
  listOf,
  PermissionsReply,
  PublicUser,
  replyOf,
  SessionReply,
  SessionTokens as SessionTokensReply,
} from "@aacos/domain/replies";
import {
  ChangePasswordBody,
  LoginBody,
  ProfileBody,
  RefreshBody,
  RegisterBody,
} from "@aacos/domain/validation";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../../platform/auth.js";
import { AppError, notFound, tooManyRequests, unauthorized } from "../../platform/errors.js";
import type { RateLimiterFactory } from "../../platform/rate-limit.js";
import type { AuditContext } from "../audit/index.js";
import type { Mailer } from "../mail/index.js";
import { createLoginThrottle } from "./login-throttle.js";
import { createRegistrationGuard } from "./registration-guard.js";
import { type AccountService, publicUser, type SessionTokens } from "./service.js";
import type { ClientInfo, SessionStore } from "./sessions.js";

export const REFRESH_COOKIE = "aacos_refresh";

export interface AuthRouteDeps {
  accounts: AccountService;
  sessions: SessionStore;
  rateLimiters: RateLimiterFactory;
  secureCookies: boolean;
  /** Tells an account's owner that someone tried to register with their address. */
  mailer: Pick<Mailer, "queue">;
  publicUrl: string;
}

export function clientOf(request: FastifyRequest): AuditContext & ClientInfo {
  const userAgent = request.headers["user-agent"];
  return {
    actorId: request.principal?.user.id ?? null,
    ip: request.ip,
    userAgent: typeof userAgent === "string" ? userAgent : null,
  };
}

/** The browser keeps the refresh token in an httpOnly cookie; without "remember me" it is a session cookie. */
export function setRefreshCookie(reply: FastifyReply, tokens: SessionTokens, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    httpOnly: true,
    sameSite: "strict",
    secure,
    path: "/api/auth",
    ...(tokens.rememberMe ? { maxAge: REFRESH_TOKEN_TTL_MS / 1000 } : {}),
  });
}

function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, {
    path: "/api/auth",
    httpOnly: true,
    sameSite: "strict",
    secure,
  });
}

export async function authRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const { accounts, sessions, secureCookies } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const registerByAddress = deps.rateLimiters("register-ip", AUTH_RATE_LIMITS.register);
  const loginThrottle = createLoginThrottle(deps.rateLimiters);
  const registrationGuard = createRegistrationGuard({
    rateLimiters: deps.rateLimiters,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    log: app.log,
  });

  const sendSession = (
    reply: FastifyReply,
    status: number,
    user: Parameters<typeof publicUser>[0],
    tokens: SessionTokens,
  ) => {
    setRefreshCookie(reply, tokens, secureCookies);
    return reply.status(status).send({ user: publicUser(user), ...tokens });
  };

  api.post(
    "/api/auth/register",
    { schema: { body: RegisterBody, response: { 201: SessionReply } } },
    async (request, reply) => {
      // An admin may close registration (/admin/settings); the register screen shows the same message.
      if (!app.services.catalog.site().registrationOpen) {
        throw new AppError("registration_closed", 403, REGISTRATION_CLOSED_MESSAGE);
      }
      const limit = await registerByAddress.consume(request.ip);
      if (!limit.allowed) {
        throw tooManyRequests(
          `Too many registrations from this address. Try again in ${limit.retryAfterSeconds} seconds.`,
          { window: "registration", retryAfter: limit.retryAfterSeconds },
        );
      }
      await registrationGuard.admit(request.ip);
      try {
        const { user, tokens } = await accounts.register(request.body, clientOf(request));
        return sendSession(reply, 201, user, tokens);
      } catch (error) {
        // The address has an account: one neutral answer, the owner is told, the asker's budget shrinks.
        if (error instanceof AppError && error.fields?.email !== undefined) {
          const owner = await accounts.findByLogin(request.body.email);
          throw await registrationGuard.conflicted(request.ip, owner);
        }
        throw error;
      }
    },
  );

  api.post(
    "/api/auth/login",
    { schema: { body: LoginBody, response: { 200: LoginReply } } },
    async (request, reply) => {
      const attempt = { identifier: request.body.email, address: request.ip };
      // Spent before the password is checked; even the right password waits once a budget is used up.
      await loginThrottle.admit(attempt);
      const result = await accounts.login(request.body, clientOf(request));
      await loginThrottle.succeeded(attempt);
      if (result.kind === "mfa") {
        return reply.send({
          mfaRequired: true as const,
          mfaToken: result.mfaToken,
          methods: result.methods,
        });
      }
      return sendSession(reply, 200, result.user, result.tokens);
    },
  );

  api.post(
    "/api/auth/refresh",
    { schema: { body: RefreshBody.nullish(), response: { 200: SessionTokensReply } } },
    async (request, reply) => {
      const presented = request.body?.refreshToken ?? request.cookies[REFRESH_COOKIE];
      if (presented === undefined || presented === "")
        throw unauthorized("token_refresh_failed", "Token refresh failed");
      try {
        const tokens = await accounts.refresh(presented, clientOf(request));
        setRefreshCookie(reply, tokens, secureCookies);
        return reply.send(tokens);
      } catch (error) {
        clearRefreshCookie(reply, secureCookies);
        throw error;
      }
    },
  );

  api.post(
    "/api/auth/logout",
    { schema: { body: RefreshBody.nullish() } },
    async (request, reply) => {
      const presented = request.body?.refreshToken ?? request.cookies[REFRESH_COOKIE];
      const session =
        presented !== undefined && presented !== "" ? await sessions.sessionOf(presented) : null;
      const sessionId = session?.sessionId ?? request.principal?.sessionId;
      if (sessionId !== undefined) {
        await sessions.revoke(sessionId);
        await app.audit.record(
          clientOf(request),
          "auth.logout",
          session?.userId ?? request.principal?.user.id ?? null,
        );
      }
      clearRefreshCookie(reply, secureCookies);
      return reply.status(204).send();
    },
  );

  api.get(
    "/api/auth/me",
    { onRequest: app.authenticate, schema: { response: { 200: replyOf("user", AuthUser) } } },
    async (request) => {
      const caller = callerOf(request);
      const user = publicUser(caller.user);
      const methods = await accounts.secondFactors(user.id);
      return { user: { ...user, mfaEnabled: methods.length > 0, mfaMethods: methods } };
    },
  );

  api.get(
    "/api/auth/permissions",
    { onRequest: app.authenticate, schema: { response: { 200: PermissionsReply } } },
    async (request) => {
      const caller = callerOf(request);
      return { roles: caller.roles, permissions: caller.permissions };
    },
  );

  api.patch(
    "/api/auth/profile",
    {
      onRequest: app.authenticate,
      schema: { body: ProfileBody, response: { 200: replyOf("user", PublicUser) } },
    },
    async (request) => {
      const caller = callerOf(request);
      const updated = await accounts.updateProfile(caller.user, request.body);
      return { user: publicUser(updated) };
    },
  );

  api.post(
    "/api/auth/password",
    { onRequest: app.authenticate, schema: { body: ChangePasswordBody } },
    async (request, reply) => {
      const caller = callerOf(request);
      await accounts.changePassword(
        caller.user,
        request.body.currentPassword,
        request.body.newPassword,
        clientOf(request),
        caller.sessionId,
      );
      return reply.status(204).send();
    },
  );

  api.get(
    "/api/auth/sessions",
    { onRequest: app.authenticate, schema: { response: { 200: listOf(ActiveSession) } } },
    async (request) => {
      const caller = callerOf(request);
      const current = caller.sessionId;
      const items = await sessions.list(caller.user.id);
      return { items: items.map((session) => ({ ...session, current: session.id === current })) };
    },
  );

  api.delete(
    "/api/auth/sessions/:id",
    { onRequest: app.authenticate, schema: { params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const caller = callerOf(request);
      const mine = await sessions.list(caller.user.id);
      if (!mine.some((session) => session.id === request.params.id))
        throw notFound("session", "No such session");
      await sessions.revoke(request.params.id);
      return reply.status(204).send();
    },
  );

  /** Sign out everywhere: every session of the user ends, this one included. */
  api.post(
    "/api/auth/sessions/revoke-all",
    { onRequest: app.authenticate },
    async (request, reply) => {
      const caller = callerOf(request);
      await sessions.revokeAllOf(caller.user.id);
      await app.audit.record(clientOf(request), "auth.sessions_revoked", caller.user.id);
      clearRefreshCookie(reply, secureCookies);
      return reply.status(204).send();
    },
  );
}
