// Who is calling: verifies the bearer access token (JWT, 1 h), loads the user and checks the session is still alive;
// `requireAccess` enforces the same role and permission rules as the browser guard.
import { randomBytes } from "node:crypto";
import {
  ACCESS_TOKEN_TTL_MS,
  type AccessRequirement,
  checkAccess,
  type Permission,
  permissionsForRoles,
  ROLES,
  type Role,
} from "@aacos/domain/access";
import { ACCOUNT_SUSPENDED_CODE, ACCOUNT_SUSPENDED_MESSAGE } from "@aacos/domain/admin-console";
import {
  API_KEY_CODES,
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  type ApiKeyScope,
  requiredScope,
} from "@aacos/domain/api-keys";
import {
  type TierName,
  tierInForce,
  toTierName,
  toWorldName,
  type WorldName,
} from "@aacos/domain/catalog";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { jwtVerify, SignJWT } from "jose";
import type { Db } from "../db/client.js";
import { instanceSettings, refreshTokens, users } from "../db/schema.js";
import { AppError, forbidden, unauthorized } from "./errors.js";
import { describeHook } from "./route-list.js";

export type UserRow = typeof users.$inferSelect;

export interface Principal {
  user: UserRow;
  roles: Role[];
  permissions: Permission[];
  /** The tier in force now (a downgrade whose paid period ended counts before it is written back). */
  tier: TierName;
  world: WorldName;
  /** The session (refresh-token family) the access token belongs to; "" for a personal API key. */
  sessionId: string;
  /** Set when the call came with a personal API key instead of a session's access token. */
  apiKey: { id: string; scopes: ApiKeyScope[] } | null;
}

/** What a presented personal API key turned out to be (the api-keys feature resolves it). */
export type ApiKeyResolution =
  | { kind: "valid"; id: string; userId: string; scopes: ApiKeyScope[] }
  | { kind: "invalid" | "revoked" | "expired" };

export interface ApiKeyResolver {
  resolve(key: string): Promise<ApiKeyResolution>;
}

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
    /** The token was valid but its user is suspended: protected routes answer 403 account_suspended. */
    accountSuspended: boolean;
    /**
     * Why a personal API key was refused (unknown, revoked, expired, wrong scope, account route); thrown by
     * apiKeyGatePlugin after the visitor limit and burst detection have counted the call.
     */
    apiKeyRefusal: AppError | null;
  }
  interface FastifyInstance {
    tokens: TokenSigner;
    /** onRequest hook: 401 without a valid token (before the body is even validated). */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook factory: 401 without a token, 403 without the role or permission. */
    requireAccess: (
      requirement: Omit<AccessRequirement, "signedIn">,
    ) => (request: FastifyRequest) => Promise<void>;
  }
}

const ISSUER = "aacos";

export interface TokenSigner {
  signAccess(userId: string, sessionId: string, now?: Date): Promise<string>;
  verifyAccess(token: string): Promise<{ userId: string; sessionId: string } | null>;
  /** Short-lived tokens of multi-step sign-in (the MFA step): purpose-bound, 5 minutes. */
  signStep(purpose: string, claims: Record<string, unknown>, ttlSeconds?: number): Promise<string>;
  verifyStep(purpose: string, token: string): Promise<Record<string, unknown> | null>;
}

export function rolesOf(user: Pick<UserRow, "roles">): Role[] {
  return ROLES.filter((role) => user.roles.includes(role));
}

/** The secret from AUTH_SECRET, or one kept in the database so every instance signs alike. */
export async function loadSigningKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured !== undefined) return new TextEncoder().encode(configured);
  await db
    .insert(instanceSettings)
    .values({ key: "auth.signing_secret", value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(instanceSettings)
    .where(eq(instanceSettings.key, "auth.signing_secret"));
  if (typeof row?.value !== "string") throw new Error("signing secret missing");
  return new TextEncoder().encode(row.value);
}

/** Signs and checks tokens; lifetimes are measured on `clock`, the one every service reads. */
export function createTokenSigner(
  key: Uint8Array,
  clock: () => Date = () => new Date(),
): TokenSigner {
  return {
    signAccess(userId, sessionId, now = clock()) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ sid: sessionId, typ: "access" })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_MS / 1000)
        .sign(key);
    },
    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ["HS256"],
          currentDate: clock(),
        });
        if (payload.typ !== "access" || typeof payload.sub !== "string") return null;
        if (typeof payload.sid !== "string") return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
    signStep(purpose, claims, ttlSeconds = 300) {
      const issuedAt = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ ...claims, typ: purpose })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    async verifyStep(purpose, token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ["HS256"],
          currentDate: clock(),
        });
        return payload.typ === purpose ? payload : null;
      } catch {
        return null;
      }
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 403 for a suspended account: its tokens, its refresh and its sign-in after a correct password. */
/**
 * Who is calling: the signed-in principal, or 401. Routes behind `app.authenticate` always have one; features map it
 * to the little they need (an id, a plan, an audit context).
 */
export function callerOf(request: FastifyRequest): Principal {
  if (request.principal === null) throw unauthorized();
  return request.principal;
}

export const accountSuspended = () =>
  new AppError(ACCOUNT_SUSPENDED_CODE, 403, ACCOUNT_SUSPENDED_MESSAGE);

/** The principal of a user row as of `now` (the tier in force counts a lapsed downgrade). */
function principalOf(
  user: UserRow,
  now: Date,
  sessionId: string,
  apiKey: Principal["apiKey"],
): Principal {
  const roles = rolesOf(user);
  const tier = tierInForce(
    {
      tier: toTierName(user.tier),
      pendingTier: user.pendingTier === null ? null : toTierName(user.pendingTier),
      periodEndsAt: user.periodEndsAt,
    },
    now,
  );
  return {
    user,
    roles,
    permissions: permissionsForRoles(roles),
    sessionId,
    apiKey,
    tier,
    world: toWorldName(user.world),
  };
}

/**
 * The user behind a token, if the user still exists and the session was not revoked; "suspended" when an admin
 * suspended the user (checked first, so even a revoked session's token hears why).
 */
async function loadPrincipal(
  db: Db,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<Principal | "suspended" | null> {
  if (!UUID.test(userId) || !UUID.test(sessionId)) return null;
  const [row] = await db
    .select({
      user: users,
      live: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sessionId}
          and ${refreshTokens.userId} = ${userId} and ${refreshTokens.revokedAt} is null
          and ${refreshTokens.expiresAt} > ${now.toISOString()}::timestamptz)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (row === undefined) return null;
  if (row.user.suspendedAt !== null) return "suspended";
  if (!row.live) return null;
  return principalOf(row.user, now, sessionId, null);
}

/** 401 for a key that is unknown, revoked or expired: a script is told which, at once, on every route. */
function keyRefused(kind: "invalid" | "revoked" | "expired"): AppError {
  return new AppError(API_KEY_CODES[kind], 401, API_KEY_MESSAGES[kind]);
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== "string") return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    options: { signer: TokenSigner; clock: () => Date; apiKeys: ApiKeyResolver },
  ) => {
    app.decorate("tokens", options.signer);
    app.decorateRequest("principal", null);
    app.decorateRequest("accountSuspended", false);
    app.decorateRequest("apiKeyRefusal", null);

    app.addHook("onRequest", async (request) => {
      const token = bearerToken(request);
      if (token === null) return;
      if (token.startsWith(API_KEY_PREFIX)) {
        await authenticateApiKey(request, token);
        return;
      }
      const claims = await options.signer.verifyAccess(token);
      if (claims === null) return;
      const loaded = await loadPrincipal(
        app.database.db,
        claims.userId,
        claims.sessionId,
        options.clock(),
      );
      request.accountSuspended = loaded === "suspended";
      request.principal = loaded === "suspended" ? null : loaded;
    });

    /**
     * A personal API key (docs/decisions/161-personal-api-keys.md): refused outright on account and session routes
     * and without the scope the matched route needs, decided on the matched route (never the raw URL).
     */
    async function authenticateApiKey(request: FastifyRequest, key: string) {
      const resolved = await options.apiKeys.resolve(key);
      if (resolved.kind !== "valid") throw keyRefused(resolved.kind);
      const [user] = await app.database.db
        .select()
        .from(users)
        .where(eq(users.id, resolved.userId));
      if (user === undefined) throw keyRefused("invalid");
      if (user.suspendedAt !== null) {
        request.accountSuspended = true;
        return;
      }
      request.principal = principalOf(user, options.clock(), "", {
        id: resolved.id,
        scopes: resolved.scopes,
      });
      const route = request.routeOptions.url;
      if (route !== undefined) {
        const needed = requiredScope(request.method, route);
        if (needed === "refused") {
          request.apiKeyRefusal = new AppError(
            API_KEY_CODES.refusedRoute,
            403,
            API_KEY_MESSAGES.refusedRoute,
          );
        } else if (!resolved.scopes.includes(needed)) {
          request.apiKeyRefusal = new AppError(
            API_KEY_CODES.missingScope,
            403,
            API_KEY_MESSAGES.missingScope(needed),
            undefined,
            {
              scope: needed,
            },
          );
        }
      }
    }

    app.decorate(
      "authenticate",
      describeHook(async (request: FastifyRequest) => {
        if (request.accountSuspended) throw accountSuspended();
        if (request.principal === null) throw unauthorized();
      }, {}),
    );

    app.decorate("requireAccess", (requirement: Omit<AccessRequirement, "signedIn">) => {
      return describeHook(async (request: FastifyRequest) => {
        if (request.accountSuspended) throw accountSuspended();
        const decision = checkAccess(request.principal, { signedIn: true, ...requirement });
        if (decision === "sign-in") throw unauthorized();
        if (decision === "forbidden") throw forbidden();
      }, requirement);
    });
  },
);

/**
 * Throws a personal API key's refusal (401 unknown/revoked/expired, 403 scope or account route). Registered after
 * burst detection and the visitor limit, so refused keys are counted like any other call, and before every route's
 * own hooks.
 */
export const apiKeyGatePlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", async (request) => {
    if (request.apiKeyRefusal !== null) throw request.apiKeyRefusal;
  });
});

/** Marks a whole session (refresh-token family) revoked; its access tokens stop working at once. */
export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user (sign out everywhere, suspension): their access tokens stop working at once. */
export async function revokeUserSessions(db: Db, userId: string, now: Date): Promise<number> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return new Set(revoked.map((row) => row.familyId)).size;
}
