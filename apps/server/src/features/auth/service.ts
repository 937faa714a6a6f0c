// Accounts and sign-in: register, log in (with the MFA step when a second factor is on), refresh, log out, profile, password.

import { randomUUID } from "node:crypto";
import { permissionsForRoles, type Role, sessionExpiry } from "@aacos/domain/access";
import { toTierName, toWorldName } from "@aacos/domain/catalog";
import { fieldFailure } from "@aacos/domain/errors";
import type { MfaMethod, PublicUser, SessionTokens } from "@aacos/domain/replies";
import type { LoginBody, ProfileBody, RegisterBody } from "@aacos/domain/validation";
import { and, count, eq, isNotNull, lte, ne, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { authChallenges, mfaTotp, users, webauthnCredentials } from "../../db/schema.js";
import { accountSuspended, rolesOf, type TokenSigner, type UserRow } from "../../platform/auth.js";
import {
  conflict,
  unauthorized,
  uniqueViolation,
  validationFailed,
} from "../../platform/errors.js";
import { frozenReply } from "../../platform/reply-serializer.js";
import type { AuditContext, AuditService } from "../audit/index.js";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords.js";
import type { ClientInfo, SessionStore } from "./sessions.js";

export const LOGIN_FAILED_MESSAGE = "Invalid email or password";
const MFA_STEP_SPENT = "mfa_step_spent";
/** Lifetime of the MFA step token (the signer's default): its spent mark is kept as long. */
const MFA_STEP_TTL_MS = 300_000;

export const EMAIL_TAKEN_MESSAGE = "An account with this email already exists";
export const USERNAME_TAKEN_MESSAGE = "This username is taken";

const emailTaken = () =>
  conflict("email_taken", EMAIL_TAKEN_MESSAGE, {
    email: fieldFailure(EMAIL_TAKEN_MESSAGE, "email_taken"),
  });
const usernameTaken = () =>
  conflict("username_taken", USERNAME_TAKEN_MESSAGE, {
    username: fieldFailure(USERNAME_TAKEN_MESSAGE, "username_taken"),
  });

/** A unique violation on the users table as the 409 of the field it guards; anything else unchanged. */
function userConflict(error: unknown): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === "users_username_unique") return usernameTaken();
  if (constraint === "users_email_unique") return emailTaken();
  return error;
}

/** What any signed-in caller may see of an account (domain users/replies.ts). */
export type { PublicUser };

/** Each row's public view, made once: the caller's row is kept with their principal, so is its view. */
const publicViews = new WeakMap<UserRow, PublicUser>();

/** Frozen: written once per row by the reply writer (docs/decisions/400-frozen-replies.md); spread it to change it. */
export function publicUser(user: UserRow): PublicUser {
  let view = publicViews.get(user);
  if (view === undefined) {
    view = frozenReply(publicViewOf(user));
    publicViews.set(user, view);
  }
  return view;
}

function publicViewOf(user: UserRow): PublicUser {
  const roles = rolesOf(user);
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    displayName: user.displayName,
    roles,
    permissions: permissionsForRoles(roles),
    tier: toTierName(user.tier),
    world: toWorldName(user.world),
    timeZone: user.timeZone,
    locale: user.locale,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
  };
}

/** A new session's tokens (domain auth/replies.ts). */
export type { SessionTokens };

export type LoginResult =
  | { kind: "session"; user: UserRow; tokens: SessionTokens }
  | { kind: "mfa"; mfaToken: string; methods: MfaMethod[] };

export interface NewUser {
  email: string;
  username: string;
  password: string | null;
  roles?: Role[];
  emailVerified?: boolean;
}

export function createAccountService(deps: {
  db: Db;
  clock: () => Date;
  audit: AuditService;
  sessions: SessionStore;
  signer: TokenSigner;
  /** Told of every sign-in (all methods end in issueSession): the game layer counts the login day. */
  onSignIn?: (userId: string) => Promise<unknown>;
}) {
  const { db, clock, audit, sessions, signer } = deps;

  async function findByLogin(identifier: string): Promise<UserRow | undefined> {
    const key = identifier.trim().toLowerCase();
    const [user] = await db
      .select()
      .from(users)
      .where(or(eq(users.email, key), eq(users.username, key)));
    return user;
  }

  async function issueSession(
    user: UserRow,
    rememberMe: boolean,
    client: ClientInfo,
  ): Promise<SessionTokens> {
    // Every sign-in method ends here: a suspended account gets no session, whatever proved who it is.
    if (user.suspendedAt !== null) throw accountSuspended();
    const issued = await sessions.start(user.id, rememberMe, client);
    await deps.onSignIn?.(user.id);
    const now = clock();
    return {
      token: await signer.signAccess(user.id, issued.sessionId, now),
      refreshToken: issued.refreshToken,
      expiresAt: sessionExpiry(now).toISOString(),
      rememberMe,
    };
  }

  /** Second factors a user has switched on. */
  async function secondFactors(userId: string): Promise<MfaMethod[]> {
    const [totp] = await db
      .select({ userId: mfaTotp.userId })
      .from(mfaTotp)
      .where(and(eq(mfaTotp.userId, userId), isNotNull(mfaTotp.enabledAt)));
    const [passkeys] = await db
      .select({ total: count() })
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, userId));
    const methods: MfaMethod[] = [];
    if (totp !== undefined) methods.push("totp", "recovery");
    if ((passkeys?.total ?? 0) > 0) methods.push("webauthn");
    return methods;
  }

  /** The token of the second sign-in step; single-use (see spendMfaStep). */
  function signMfaStep(userId: string, rememberMe: boolean): Promise<string> {
    return signer.signStep("mfa", { sub: userId, rememberMe, jti: randomUUID() });
  }

  /**
   * Marks a verified MFA step token used; false when it was used before (or carries no id). The primary key
   * makes this atomic across requests and instances, so one password step opens one session.
   */
  async function spendMfaStep(claims: Record<string, unknown>): Promise<boolean> {
    if (typeof claims.jti !== "string" || typeof claims.sub !== "string") return false;
    const now = clock();
    await db
      .delete(authChallenges)
      .where(and(eq(authChallenges.purpose, MFA_STEP_SPENT), lte(authChallenges.expiresAt, now)));
    const spent = await db
      .insert(authChallenges)
      .values({
        id: `mfa-step:${claims.jti}`,
        purpose: MFA_STEP_SPENT,
        userId: claims.sub,
        data: {},
        expiresAt: new Date(now.getTime() + MFA_STEP_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ id: authChallenges.id });
    return spent.length > 0;
  }

  async function createUser(input: NewUser): Promise<UserRow> {
    const email = input.email.trim().toLowerCase();
    const username = input.username.trim().toLowerCase();
    if (input.password !== null) {
      const problem = await passwordProblem(input.password);
      if (problem !== null) throw validationFailed({ password: problem });
    }
    // Hashed before the check, so a taken address or name answers after the same work as a new account.
    const passwordHash = input.password === null ? null : await hashPassword(input.password);
    const taken = await db
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(or(eq(users.email, email), eq(users.username, username)));
    if (taken.some((row) => row.email === email)) throw emailTaken();
    if (taken.some((row) => row.username === username)) throw usernameTaken();
    try {
      const [user] = await db
        .insert(users)
        .values({
          email,
          username,
          passwordHash,
          roles: input.roles ?? ["user"],
          emailVerified: input.emailVerified ?? false,
        })
        .returning();
      if (user === undefined) throw new Error("insert returned no row");
      return user;
    } catch (error) {
      // A concurrent request took the address or the name meanwhile: the constraint says which.
      throw userConflict(error);
    }
  }

  return {
    findByLogin,
    issueSession,
    secondFactors,
    createUser,
    signMfaStep,
    spendMfaStep,

    async getUser(id: string): Promise<UserRow | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id));
      return user;
    },

    async register(body: RegisterBody, context: AuditContext & ClientInfo) {
      const user = await createUser({ ...body, password: body.password });
      await audit.record({ ...context, actorId: user.id }, "auth.register", user.id);
      return { user, tokens: await issueSession(user, false, context) };
    },

    async login(body: LoginBody, context: AuditContext & ClientInfo): Promise<LoginResult> {
      const user = await findByLogin(body.email);
      const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
      if (user === undefined || !ok) {
        await audit.record(context, "auth.login_failed", user?.id ?? null, {
          identifier: body.email.slice(0, 254),
        });
        throw unauthorized("login_failed", LOGIN_FAILED_MESSAGE);
      }
      // Only after the right password: a wrong one must not tell whether the account is suspended.
      if (user.suspendedAt !== null) {
        await audit.record(context, "auth.login_failed", user.id, { reason: "suspended" });
        throw accountSuspended();
      }
      const methods = await secondFactors(user.id);
      if (methods.length > 0) {
        const mfaToken = await signMfaStep(user.id, body.rememberMe);
        return { kind: "mfa", mfaToken, methods };
      }
      await audit.record({ ...context, actorId: user.id }, "auth.login", user.id);
      return { kind: "session", user, tokens: await issueSession(user, body.rememberMe, context) };
    },

    /** Finishes a sign-in whose password (or passkey) step passed. */
    async completeLogin(
      userId: string,
      rememberMe: boolean,
      context: AuditContext & ClientInfo,
      method: string,
    ) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (user === undefined) throw unauthorized();
      await audit.record({ ...context, actorId: user.id }, "auth.login", user.id, { method });
      return { user, tokens: await issueSession(user, rememberMe, context) };
    },

    async refresh(refreshToken: string, context: AuditContext & ClientInfo) {
      const result = await sessions.rotate(refreshToken, context);
      if (result.kind === "reused") {
        await audit.record(
          { ...context, actorId: result.userId },
          "auth.refresh_reuse",
          result.userId,
          { sessionId: result.sessionId },
        );
        throw unauthorized("token_refresh_failed", "Token refresh failed");
      }
      if (result.kind === "invalid")
        throw unauthorized("token_refresh_failed", "Token refresh failed");
      const [owner] = await db
        .select({ suspendedAt: users.suspendedAt })
        .from(users)
        .where(eq(users.id, result.userId));
      if (owner !== undefined && owner.suspendedAt !== null) {
        await sessions.revoke(result.issued.sessionId);
        throw accountSuspended();
      }
      const now = clock();
      return {
        token: await signer.signAccess(result.userId, result.issued.sessionId, now),
        refreshToken: result.issued.refreshToken,
        expiresAt: sessionExpiry(now).toISOString(),
        rememberMe: result.rememberMe,
      };
    },

    async updateProfile(user: UserRow, body: ProfileBody): Promise<UserRow> {
      const changes: Partial<typeof users.$inferInsert> = { updatedAt: clock() };
      if (body.displayName !== undefined) changes.displayName = body.displayName;
      if (body.timeZone !== undefined) changes.timeZone = body.timeZone;
      if (body.locale !== undefined) changes.locale = body.locale;
      if (body.username !== undefined) {
        const username = body.username.toLowerCase();
        const [other] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.username, username), ne(users.id, user.id)));
        if (other !== undefined) throw usernameTaken();
        changes.username = username;
      }
      try {
        const [updated] = await db
          .update(users)
          .set(changes)
          .where(eq(users.id, user.id))
          .returning();
        return updated ?? user;
      } catch (error) {
        throw userConflict(error);
      }
    },

    async changePassword(
      user: UserRow,
      currentPassword: string,
      newPassword: string,
      context: AuditContext,
      keepSessionId: string,
    ): Promise<void> {
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw validationFailed({
          currentPassword: fieldFailure("The current password is not correct", "wrong_password"),
        });
      }
      const problem = await passwordProblem(newPassword);
      if (problem !== null) throw validationFailed({ newPassword: problem });
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword), updatedAt: clock() })
        .where(eq(users.id, user.id));
      // Other sessions end: whoever knew the old password is signed out.
      for (const session of await sessions.list(user.id)) {
        if (session.id !== keepSessionId) await sessions.revoke(session.id);
      }
      await audit.record(context, "auth.password_changed", user.id);
    },

    /** Sets a password without the old one (reset by mail, the CLI); every session ends. */
    async setPassword(userId: string, password: string): Promise<void> {
      const problem = await passwordProblem(password);
      if (problem !== null) throw validationFailed({ password: problem });
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), updatedAt: clock() })
        .where(eq(users.id, userId));
      await sessions.revokeAllOf(userId);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
