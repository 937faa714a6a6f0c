// Who is calling: verifies the bearer access token (JWT, 1 h), loads the user and checks the session is still alive;
// `requireAccess` enforces the same role and permission rules as the browser guard. What was loaded is reused for
// up to PRINCIPAL_CACHE_MS and forgotten at once on every instance when it may have changed
// (docs/decisions/210-principal-cache.md); a verified token is remembered until it expires (decision 290).
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
import { planInForce, type TierName, type WorldName } from "@aacos/domain/catalog";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { jwtVerify, SignJWT } from "jose";
import type { Db } from "../db/client.js";
import { instanceSettings, refreshTokens, users } from "../db/schema.js";
import { AppError, forbidden, unauthorized } from "./errors.js";
import type { RealtimeBus } from "./realtime-bus.js";
import { apiRouteOf, describeHook, matchedRouteOf, perRoute } from "./route-list.js";

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
  | { kind: "valid"; id: string; userId: string; scopes: ApiKeyScope[]; expiresAt: Date | null }
  | { kind: "invalid" | "revoked" | "expired" };

export interface ApiKeyResolver {
  resolve(key: string): Promise<ApiKeyResolution>;
}

/** An onRequest hook that checks the caller and decides at once (a callback hook: no promise per request). */
export type CallerCheck = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;

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
    /**
     * Forgets what every instance keeps of a user's sessions and keys (null: of everyone) before it resolves. Writes
     * outside the workspace do it on their own (onSend); call it after a change no request of the user's makes.
     */
    forgetPrincipal: (userId: string | null) => Promise<void>;
    /** onRequest hook: 401 without a valid token (before the body is even validated). */
    authenticate: CallerCheck;
    /** onRequest hook factory: 401 without a token, 403 without the role or permission. */
    requireAccess: (requirement: Omit<AccessRequirement, "signedIn">) => CallerCheck;
  }
}

const ISSUER = "aacos";

export interface VerifiedAccess {
  userId: string;
  sessionId: string;
  /** The token's `exp`: valid while the clock's epoch second is below it. */
  expiresAt: number;
}

export interface TokenSigner {
  signAccess(userId: string, sessionId: string, now?: Date): Promise<string>;
  /** The token's user and session, and when it expires (epoch seconds); null when it is not a valid access token. */
  verifyAccess(token: string): Promise<VerifiedAccess | null>;
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
  const stored = async () => {
    const [row] = await db
      .select({ value: instanceSettings.value })
      .from(instanceSettings)
      .where(eq(instanceSettings.key, "auth.signing_secret"));
    return typeof row?.value === "string" ? row.value : null;
  };
  // Read first: every start but the first finds it, in one statement (docs/decisions/350-restart-loads-less.md).
  // Instances starting together on a new database each insert; the first insert wins and all read it back.
  let secret = await stored();
  if (secret === null) {
    await db
      .insert(instanceSettings)
      .values({ key: "auth.signing_secret", value: randomBytes(48).toString("base64url") })
      .onConflictDoNothing();
    secret = await stored();
  }
  if (secret === null) throw new Error("signing secret missing");
  return new TextEncoder().encode(secret);
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
        if (typeof payload.sid !== "string" || typeof payload.exp !== "number") return null;
        return { userId: payload.sub, sessionId: payload.sid, expiresAt: payload.exp };
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
  return {
    user,
    roles,
    permissions: permissionsForRoles(roles),
    sessionId,
    apiKey,
    ...planInForce(user, now),
  };
}

/**
 * The principal of a kept session or key, built once while it is kept (docs/decisions/391-principal-and-policy-once.md):
 * a kept entry's row is never changed in place (a change is read afresh), so its roles, permissions and plan stay what
 * they were — except a plan with a downgrade pending, whose tier in force depends on `now` and is worked out each time.
 */
function keptPrincipal<Kept extends object>(
  memo: WeakMap<Kept, Principal>,
  kept: Kept,
  build: () => Principal,
): Principal {
  const known = memo.get(kept);
  if (known !== undefined) return known;
  const principal = build();
  if (principal.user.pendingTier === null) memo.set(kept, principal);
  return principal;
}

/** What is kept of a presented personal API key: what it resolved to, and its user's row. */
interface KeptApiKey {
  resolved: ApiKeyResolution;
  user: UserRow | null;
}

/** A user row as read, and until when the session (refresh-token family) stays alive (null: it is not). */
interface LoadedSession {
  user: UserRow;
  liveUntil: Date | null;
}

/** The user behind a token and how long its session lives; null when the user no longer exists. */
async function loadSession(
  db: Db,
  userId: string,
  sessionId: string,
): Promise<LoadedSession | null> {
  const [row] = await db
    .select({
      user: users,
      liveUntil: sql<string | null>`(select max(${refreshTokens.expiresAt}) from ${refreshTokens}
          where ${refreshTokens.familyId} = ${sessionId} and ${refreshTokens.userId} = ${userId}
          and ${refreshTokens.revokedAt} is null)`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (row === undefined) return null;
  return { user: row.user, liveUntil: row.liveUntil === null ? null : new Date(row.liveUntil) };
}

/**
 * The principal of a loaded session as of `now`: "suspended" when an admin suspended the user (checked first, so
 * even a revoked session's token hears why), null when the session was revoked or has expired.
 */
function sessionPrincipal(
  loaded: LoadedSession | null,
  sessionId: string,
  now: Date,
): Principal | "suspended" | null {
  if (loaded === null) return null;
  if (loaded.user.suspendedAt !== null) return "suspended";
  if (loaded.liveUntil === null || loaded.liveUntil.getTime() <= now.getTime()) return null;
  // One loaded session per (user, session): its principal names that session.
  return keptPrincipal(sessionPrincipals, loaded, () =>
    principalOf(loaded.user, now, sessionId, null),
  );
}

const sessionPrincipals = new WeakMap<LoadedSession, Principal>();
const keyPrincipals = new WeakMap<KeptApiKey, Principal>();

/** How long a loaded user, session or API key is reused before it is read again (decision 210). */
export const PRINCIPAL_CACHE_MS = 1000;

/**
 * Loaded sessions and API keys of this instance, each kept PRINCIPAL_CACHE_MS (real time, whatever the app's clock
 * says) and forgotten per user. Concurrent loads of one entry share one read; a load during which anything was
 * forgotten serves its own callers but is not kept.
 */
export function createPrincipalCache<T>(clock: () => Date, ttlMs: number = PRINCIPAL_CACHE_MS) {
  const entries = new Map<string, { value: T; at: number; clockAt: number }>();
  const loading = new Map<string, Promise<T>>();
  const keysOf = new Map<string, Set<string>>();
  /** Counts forgets, so a load that overlapped one is not kept. */
  let version = 0;
  /** Entries past their time are dropped when the map grows this big (sessions and keys come and go). */
  const SWEEP_AT = 10_000;
  /** Young enough in real time and on the app's clock (a test that moves its clock on reads afresh). */
  const fresh = (entry: { at: number; clockAt: number }) => {
    const moved = clock().getTime() - entry.clockAt;
    return performance.now() - entry.at < ttlMs && moved >= 0 && moved < ttlMs;
  };
  const sweep = () => {
    for (const [key, entry] of entries) if (!fresh(entry)) entries.delete(key);
    for (const [userId, keys] of keysOf) {
      for (const key of keys) if (!entries.has(key)) keys.delete(key);
      if (keys.size === 0) keysOf.delete(userId);
    }
  };
  return {
    /** The kept value while it is fresh, at once (no promise); undefined otherwise. */
    peek(key: string): T | undefined {
      const cached = entries.get(key);
      return cached !== undefined && fresh(cached) ? cached.value : undefined;
    },
    /** `load` answers the value and whose it is (null: nobody's, not kept). */
    async get(key: string, load: () => Promise<{ value: T; userId: string | null }>): Promise<T> {
      const cached = entries.get(key);
      if (cached !== undefined && fresh(cached)) return cached.value;
      const pending = loading.get(key);
      if (pending !== undefined) return pending;
      const started = version;
      const work = load().then(({ value, userId }) => {
        if (userId !== null && version === started) {
          if (entries.size >= SWEEP_AT) sweep();
          entries.set(key, { value, at: performance.now(), clockAt: clock().getTime() });
          const keys = keysOf.get(userId) ?? new Set<string>();
          keys.add(key);
          keysOf.set(userId, keys);
        }
        return value;
      });
      loading.set(key, work);
      try {
        return await work;
      } finally {
        if (loading.get(key) === work) loading.delete(key);
      }
    },
    /** Drops what is kept of a user (null: of everyone); loads under way are neither kept nor joined. */
    forget(userId: string | null) {
      version += 1;
      loading.clear();
      if (userId === null) {
        entries.clear();
        keysOf.clear();
        return;
      }
      for (const key of keysOf.get(userId) ?? []) entries.delete(key);
      keysOf.delete(userId);
    },
  };
}

/**
 * Access tokens whose signature was checked, so a caller's next requests skip the HMAC (an asynchronous WebCrypto job
 * on Node) and, with its session kept too, are authenticated without a promise. A token names one user and session
 * for ever; only its expiry is checked again, on every request. Whether the session still lives is the session
 * cache's question, not this one's.
 */
export function createVerifiedTokens(clock: () => Date, maxEntries = 10_000) {
  const verified = new Map<string, VerifiedAccess>();
  const live = (claims: VerifiedAccess) => Math.floor(clock().getTime() / 1000) < claims.expiresAt;
  return {
    /** The claims of a token verified before and not expired since; undefined otherwise. */
    peek(token: string): VerifiedAccess | undefined {
      const claims = verified.get(token);
      if (claims === undefined) return undefined;
      if (live(claims)) return claims;
      verified.delete(token);
      return undefined;
    },
    keep(token: string, claims: VerifiedAccess): void {
      if (!live(claims)) return;
      if (verified.size >= maxEntries) verified.clear();
      verified.set(token, claims);
    },
  };
}

/** Routes whose writes never change a user, a session or a key: the workspace, runs, monitoring, the game. */
const PRINCIPAL_NEUTRAL =
  /^\/api\/(aacos|chat|commands|files|upload|batch|realtime|errors|security|signals|alerts|metrics|orchestration|autonomous|dashboard|quests|progress|events|ai)(\/|$)/;
/** Sign-in and registration start new sessions; they change none that is kept. */
const NEW_SESSION_ROUTES = new Set(["/api/auth/login", "/api/auth/register"]);
/** A refresh that succeeds only lengthens its session; one refused may have ended it (a reused token). */
const REFRESH_ROUTE = "/api/auth/refresh";

/**
 * Whose kept principal a request may have changed: undefined for reads and workspace writes, the caller's own id
 * for their writes, null (everyone) for a write with no signed-in caller (refresh, password reset, webhooks) or one
 * on someone else (the admin console).
 */
function principalChangedBy(
  request: FastifyRequest,
  reply: FastifyReply,
): string | null | undefined {
  const method = request.method;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return undefined;
  const route = apiRouteOf(request);
  if (route === null || PRINCIPAL_NEUTRAL.test(route) || NEW_SESSION_ROUTES.has(route))
    return undefined;
  if (route === REFRESH_ROUTE && reply.statusCode < 400) return undefined;
  const principal = request.principal;
  if (principal === null || route.startsWith("/api/users/:id") || route.startsWith("/api/admin/")) {
    return null;
  }
  return principal.user.id;
}

/** What a key needs on each (method, route), remembered (decision 392). */
const scopeNeeded = perRoute(requiredScope);

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
    options: {
      signer: TokenSigner;
      clock: () => Date;
      apiKeys: ApiKeyResolver;
      /** Tells every instance (this one included) to forget what it keeps of a user; null when alone. */
      bus: RealtimeBus | null;
    },
  ) => {
    app.decorate("tokens", options.signer);
    const sessionCache = createPrincipalCache<LoadedSession | null>(options.clock);
    const keyCache = createPrincipalCache<KeptApiKey>(options.clock);
    const verifiedTokens = createVerifiedTokens(options.clock);
    const forget = (userId: string | null) => {
      sessionCache.forget(userId);
      keyCache.forget(userId);
    };
    if (options.bus !== null) {
      const bus = options.bus;
      const onChange = (envelope: { userId: string | null }) => forget(envelope.userId);
      const stops = [
        await bus.subscribe("principal", onChange),
        await bus.subscribe("access", onChange),
      ];
      app.addHook("onClose", async () => {
        for (const stop of stops) stop();
      });
    }
    app.decorate("forgetPrincipal", async (userId: string | null) => {
      forget(userId);
      await options.bus?.publish("principal", { userId, message: { type: "principal.changed" } });
    });
    // A write that may change who someone is (profile, password, sessions, plan, roles, keys, an admin's action)
    // is told to every instance before its reply goes out; the workspace's own writes never touch those.
    app.pipeline.onSend((request, reply, payload, done) => {
      const userId = principalChangedBy(request, reply);
      if (userId === undefined) {
        done(null, payload);
        return;
      }
      app.forgetPrincipal(userId).then(
        () => done(null, payload),
        (error: Error) => done(error),
      );
    });
    app.decorateRequest("principal", null);
    app.decorateRequest("accountSuspended", false);
    app.decorateRequest("apiKeyRefusal", null);

    // A callback hook: a key or session kept in the cache is applied at once, without a promise (decision 217).
    app.pipeline.onRequest((request, _reply, done) => {
      const token = bearerToken(request);
      if (token === null) {
        done();
        return;
      }
      if (token.startsWith(API_KEY_PREFIX)) {
        const kept = keyCache.peek(token);
        if (kept !== undefined) {
          // A refusal thrown here is answered by Fastify as a rejected hook's would be.
          applyApiKey(request, kept);
          done();
          return;
        }
        keyCache
          .get(token, () => loadApiKey(token))
          .then((loaded) => {
            let refusal: unknown = null;
            try {
              applyApiKey(request, loaded);
            } catch (error) {
              refusal = error;
            }
            if (refusal === null) done();
            else done(refusal as Error);
          }, done);
        return;
      }
      // A token checked before whose session is kept: decided at once, like a kept key.
      const claims = verifiedTokens.peek(token);
      const kept =
        claims === undefined
          ? undefined
          : sessionCache.peek(sessionKey(claims.userId, claims.sessionId));
      if (claims !== undefined && kept !== undefined) {
        applySession(request, kept, claims.sessionId);
        done();
        return;
      }
      authenticateSession(request, token, claims).then(() => done(), done);
    });

    const sessionKey = (userId: string, sessionId: string) => `${userId}:${sessionId}`;

    async function authenticateSession(
      request: FastifyRequest,
      token: string,
      verified: VerifiedAccess | undefined,
    ) {
      const claims = verified ?? (await options.signer.verifyAccess(token));
      if (claims === null) return;
      const { userId, sessionId } = claims;
      if (!UUID.test(userId) || !UUID.test(sessionId)) return;
      verifiedTokens.keep(token, claims);
      const session = await sessionCache.get(sessionKey(userId, sessionId), async () => ({
        value: await loadSession(app.database.db, userId, sessionId),
        userId,
      }));
      applySession(request, session, sessionId);
    }

    function applySession(
      request: FastifyRequest,
      session: LoadedSession | null,
      sessionId: string,
    ) {
      const loaded = sessionPrincipal(session, sessionId, options.clock());
      request.accountSuspended = loaded === "suspended";
      request.principal = loaded === "suspended" ? null : loaded;
    }

    async function loadApiKey(key: string) {
      const resolution = await options.apiKeys.resolve(key);
      if (resolution.kind !== "valid")
        return { value: { resolved: resolution, user: null }, userId: null };
      const [row] = await app.database.db
        .select()
        .from(users)
        .where(eq(users.id, resolution.userId));
      return { value: { resolved: resolution, user: row ?? null }, userId: resolution.userId };
    }

    /**
     * A personal API key (docs/decisions/161-personal-api-keys.md): refused outright on account and session routes
     * and without the scope the matched route needs, decided on the matched route (never the raw URL). Throws the
     * refusal of a key that is unknown, revoked or expired.
     */
    function applyApiKey(request: FastifyRequest, kept: KeptApiKey) {
      const { resolved, user } = kept;
      if (resolved.kind !== "valid") throw keyRefused(resolved.kind);
      if (user === null) throw keyRefused("invalid");
      const now = options.clock();
      // A kept key's expiry is checked on every call.
      if (resolved.expiresAt !== null && resolved.expiresAt.getTime() <= now.getTime()) {
        throw keyRefused("expired");
      }
      if (user.suspendedAt !== null) {
        request.accountSuspended = true;
        return;
      }
      request.principal = keptPrincipal(keyPrincipals, kept, () =>
        principalOf(user, now, "", { id: resolved.id, scopes: resolved.scopes }),
      );
      const route = matchedRouteOf(request);
      if (route !== null) {
        const needed = scopeNeeded(request.method, route);
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
            { params: { scope: needed }, extra: { scope: needed } },
          );
        }
      }
    }

    // Callback hooks that decide at once: a refusal thrown here is answered as a rejected hook's would be.
    app.decorate(
      "authenticate",
      describeHook((request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
        if (request.accountSuspended) throw accountSuspended();
        if (request.principal === null) throw unauthorized();
        done();
      }, {}),
    );

    app.decorate("requireAccess", (requirement: Omit<AccessRequirement, "signedIn">) => {
      return describeHook((request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
        if (request.accountSuspended) throw accountSuspended();
        const decision = checkAccess(request.principal, { signedIn: true, ...requirement });
        if (decision === "sign-in") throw unauthorized();
        if (decision === "forbidden") throw forbidden();
        done();
      }, requirement);
    });
  },
  { name: "auth" },
);

/**
 * Throws a personal API key's refusal (401 unknown/revoked/expired, 403 scope or account route). Registered after
 * burst detection and the visitor limit, so refused keys are counted like any other call, and before every route's
 * own hooks.
 */
export const apiKeyGatePlugin = fp(
  async (app: FastifyInstance) => {
    app.pipeline.onRequest((request, _reply, done) => {
      if (request.apiKeyRefusal !== null) throw request.apiKeyRefusal;
      done();
    });
  },
  { name: "api-key-gate" },
);

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
