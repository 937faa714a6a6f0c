// Accounts and sign-in: register, log in (with the MFA step when a second factor is on), refresh, log out, profile, password.
import { permissionsForRoles, type Role, sessionExpiry } from "@aacos/domain/access";
import type { LoginBody, ProfileBody, RegisterBody } from "@aacos/domain/validation";
import { and, count, eq, isNotNull, ne, or } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { mfaTotp, users, webauthnCredentials } from "../../db/schema.js";
import { conflict, unauthorized, validationFailed } from "../../platform/errors.js";
import { accountSuspended, rolesOf, type TokenSigner, type UserRow } from "../../platform/auth.js";
import type { AuditContext, AuditService } from "../audit/index.js";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords.js";
import type { ClientInfo, SessionStore } from "./sessions.js";

export const LOGIN_FAILED_MESSAGE = "Invalid email or password";

export interface PublicUser {
  id: string;
  email: string;
  username: string;
  displayName: string | null;
  roles: Role[];
  permissions: string[];
  tier: string;
  world: string;
  timeZone: string;
  locale: string;
  emailVerified: boolean;
  createdAt: string;
}

export function publicUser(user: UserRow): PublicUser {
  const roles = rolesOf(user);
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    displayName: user.displayName,
    roles,
    permissions: permissionsForRoles(roles),
    tier: user.tier,
    world: user.world,
    timeZone: user.timeZone,
    locale: user.locale,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
  };
}

export interface SessionTokens {
  token: string;
  refreshToken: string;
  /** When the access token expires (SPEC.md §3 sessionExpiry). */
  expiresAt: string;
  rememberMe: boolean;
}

export type LoginResult =
  | { kind: "session"; user: UserRow; tokens: SessionTokens }
  | { kind: "mfa"; mfaToken: string; methods: string[] };

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
  async function secondFactors(userId: string): Promise<string[]> {
    const [totp] = await db
      .select({ userId: mfaTotp.userId })
      .from(mfaTotp)
      .where(and(eq(mfaTotp.userId, userId), isNotNull(mfaTotp.enabledAt)));
    const [passkeys] = await db
      .select({ total: count() })
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, userId));
    const methods: string[] = [];
    if (totp !== undefined) methods.push("totp", "recovery");
    if ((passkeys?.total ?? 0) > 0) methods.push("webauthn");
    return methods;
  }

  async function createUser(input: NewUser): Promise<UserRow> {
    const email = input.email.trim().toLowerCase();
    const username = input.username.trim().toLowerCase();
    if (input.password !== null) {
      const problem = passwordProblem(input.password);
      if (problem !== null) throw validationFailed({ password: problem });
    }
    const taken = await db
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(or(eq(users.email, email), eq(users.username, username)));
    if (taken.some((row) => row.email === email)) {
      throw conflict("An account with this email already exists", {
        email: "An account with this email already exists",
      });
    }
    if (taken.some((row) => row.username === username)) {
      throw conflict("This username is taken", { username: "This username is taken" });
    }
    const [user] = await db
      .insert(users)
      .values({
        email,
        username,
        passwordHash: input.password === null ? null : await hashPassword(input.password),
        roles: input.roles ?? ["user"],
        emailVerified: input.emailVerified ?? false,
      })
      .onConflictDoNothing()
      .returning();
    // A concurrent registration with the same address won the race.
    if (user === undefined) throw conflict("An account with this email already exists");
    return user;
  }

  return {
    findByLogin,
    issueSession,
    secondFactors,
    createUser,

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
        throw unauthorized(LOGIN_FAILED_MESSAGE);
      }
      // Only after the right password: a wrong one must not tell whether the account is suspended.
      if (user.suspendedAt !== null) {
        await audit.record(context, "auth.login_failed", user.id, { reason: "suspended" });
        throw accountSuspended();
      }
      const methods = await secondFactors(user.id);
      if (methods.length > 0) {
        const mfaToken = await signer.signStep("mfa", {
          sub: user.id,
          rememberMe: body.rememberMe,
        });
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
        throw unauthorized("Token refresh failed");
      }
      if (result.kind === "invalid") throw unauthorized("Token refresh failed");
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
        if (other !== undefined) {
          throw conflict("This username is taken", { username: "This username is taken" });
        }
        changes.username = username;
      }
      const [updated] = await db
        .update(users)
        .set(changes)
        .where(eq(users.id, user.id))
        .returning();
      return updated ?? user;
    },

    async changePassword(
      user: UserRow,
      currentPassword: string,
      newPassword: string,
      context: AuditContext,
      keepSessionId: string,
    ): Promise<void> {
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw validationFailed({ currentPassword: "The current password is not correct" });
      }
      const problem = passwordProblem(newPassword);
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
      const problem = passwordProblem(password);
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
