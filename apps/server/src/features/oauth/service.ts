// Sign-in through OpenID Connect: single-use state in auth_challenges, then find, link or create the account.

import { createHash, randomBytes } from "node:crypto";
import { REGISTRATION_CLOSED_MESSAGE } from "@aacos/domain/catalog-overrides";
import { fieldFailure } from "@aacos/domain/errors";
import type { MfaMethod } from "@aacos/domain/replies";
import { isEmail, ProfileBody } from "@aacos/domain/validation";
import { and, eq, like, lt } from "drizzle-orm";
import * as oidc from "openid-client";
import type { Db } from "../../db/client.js";
import { likeStartingWith } from "../../db/like.js";
import { authChallenges, oauthAccounts, users } from "../../db/schema.js";
import type { UserRow } from "../../platform/auth.js";
import { AppError, conflict, notFound, validationFailed } from "../../platform/errors.js";
import type { AuditContext, AuditService } from "../audit/index.js";
import type { AccountService, ClientInfo, SessionTokens } from "../auth/index.js";
import type { IdentityProviders, ProviderIdentity } from "./identity-providers.js";

export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
export const LINK_WITH_PASSWORD_MESSAGE =
  "Sign in with your password first, then link this provider";
export const STATE_MESSAGE = "This sign-in has expired or was already used. Start it again.";

/** What is kept between the redirect to the provider and the code coming back. */
interface OAuthChallenge {
  provider: string;
  codeVerifier: string;
  nonce: string;
  redirect: string | null;
  /** Hash of the cookie that ties the flow to the browser which started it (no login CSRF). */
  browser: string;
}

export type OAuthResult =
  | { kind: "session"; user: UserRow; tokens: SessionTokens; redirect: string | null }
  | { kind: "mfa"; mfaToken: string; methods: MfaMethod[]; redirect: string | null };

export interface CallbackInput {
  code: string;
  state: string;
  iss?: string | undefined;
  /** The cookie set when the flow started. */
  browser: string | undefined;
}

/** Keeps only same-site relative paths ("/x", never "//host" or "/\\host"). */
export function safeRedirect(redirect: string | undefined): string | null {
  if (redirect === undefined || !redirect.startsWith("/")) return null;
  if (redirect.startsWith("//") || redirect.startsWith("/\\")) return null;
  // Control characters could smuggle a scheme past browsers' URL parsing.
  for (const character of redirect) {
    const code = character.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return null;
  }
  return redirect.slice(0, 2048);
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** A username from the provider's profile: the allowed characters, 3–24 long, before any suffix. */
export function usernameBase(identity: Pick<ProviderIdentity, "preferredUsername" | "email">) {
  const source = identity.preferredUsername ?? identity.email?.split("@")[0] ?? "";
  const base = source
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, "_")
    .replace(/^[._-]+|[._-]+$/g, "")
    .slice(0, 24);
  if (base.length >= 3) return base;
  return base === "" ? "user" : `${base}_user`;
}

export function createOAuthService(deps: {
  db: Db;
  clock: () => Date;
  audit: AuditService;
  accounts: AccountService;
  /** Whether new accounts may be created (an admin may close registration). */
  registrationOpen: () => boolean;
  providers: IdentityProviders;
  publicUrl: string;
}) {
  const { db, clock, audit, accounts, providers } = deps;
  const redirectUriOf = (provider: string) => `${deps.publicUrl}/auth/oauth/${provider}/callback`;

  function requireProvider(id: string) {
    const provider = providers.find(id);
    if (provider === undefined) throw notFound("sign_in_provider", "No such sign-in provider");
    return provider;
  }

  /** Takes the challenge out (single use) and checks it belongs to this provider and browser. */
  async function consumeState(provider: string, state: string, browser: string | undefined) {
    const [row] = await db
      .delete(authChallenges)
      .where(and(eq(authChallenges.id, sha256(state)), eq(authChallenges.purpose, "oauth")))
      .returning();
    const challenge = row?.data as OAuthChallenge | undefined;
    if (
      row === undefined ||
      challenge === undefined ||
      row.expiresAt <= clock() ||
      challenge.provider !== provider ||
      browser === undefined ||
      sha256(browser) !== challenge.browser
    ) {
      throw validationFailed({ state: fieldFailure(STATE_MESSAGE, "oauth_state") });
    }
    return challenge;
  }

  async function linkedUser(provider: string, subject: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select({ user: users })
      .from(oauthAccounts)
      .innerJoin(users, eq(users.id, oauthAccounts.userId))
      .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.subject, subject)));
    return row?.user;
  }

  async function link(provider: string, identity: ProviderIdentity, userId: string) {
    await db
      .insert(oauthAccounts)
      .values({ provider, subject: identity.subject, userId, email: identity.email })
      .onConflictDoNothing();
  }

  async function createFromIdentity(
    provider: string,
    identity: ProviderIdentity,
    email: string,
    context: AuditContext,
  ): Promise<UserRow> {
    const base = usernameBase(identity);
    const taken = new Set(
      (
        await db
          .select({ username: users.username })
          .from(users)
          // The base and its numbered variants; escaping keeps "_" literal in LIKE.
          .where(like(users.username, likeStartingWith(base)))
      ).map((row) => row.username),
    );
    let username = base;
    for (let n = 2; taken.has(username); n++) {
      username = n < 100 ? `${base}${n}` : `${base}_${randomBytes(3).toString("hex")}`;
    }
    let user: UserRow;
    try {
      user = await accounts.createUser({
        email,
        username,
        password: null,
        emailVerified: identity.emailVerified,
      });
    } catch (error) {
      // Another sign-up took the name a moment ago: a random suffix cannot collide in practice.
      if (!(error instanceof AppError) || error.fields?.username === undefined) throw error;
      user = await accounts.createUser({
        email,
        username: `${base}_${randomBytes(3).toString("hex")}`,
        password: null,
        emailVerified: identity.emailVerified,
      });
    }
    const displayName = ProfileBody.shape.displayName.safeParse(identity.name?.slice(0, 80));
    if (displayName.success && displayName.data !== null && displayName.data !== undefined) {
      user = await accounts.updateProfile(user, { displayName: displayName.data });
    }
    await link(provider, identity, user.id);
    await audit.record({ ...context, actorId: user.id }, "auth.register", user.id, { provider });
    return user;
  }

  /** The account behind a provider identity: linked already, linked now by verified e-mail, or new. */
  async function accountFor(
    provider: string,
    identity: ProviderIdentity,
    context: AuditContext,
  ): Promise<UserRow> {
    const linked = await linkedUser(provider, identity.subject);
    if (linked !== undefined) return linked;
    const email = identity.email !== null && isEmail(identity.email) ? identity.email : null;
    if (email === null) {
      throw new AppError(
        "oauth_email_required",
        400,
        "The provider did not share your e-mail address. Allow it and try again.",
      );
    }
    const [existing] = await db.select().from(users).where(eq(users.email, email));
    if (existing === undefined) {
      // A first sign-in is a registration: closed registration closes this door too (linking still works).
      if (!deps.registrationOpen()) {
        throw new AppError("registration_closed", 403, REGISTRATION_CLOSED_MESSAGE);
      }
      return createFromIdentity(provider, identity, email, context);
    }
    // Linking by e-mail needs both sides verified: the provider's word that the person owns the
    // address, and ours that the local account's owner does (else a squatter's account is taken over).
    if (!identity.emailVerified || !existing.emailVerified) {
      throw conflict("oauth_link_with_password", LINK_WITH_PASSWORD_MESSAGE);
    }
    await link(provider, identity, existing.id);
    await audit.record({ ...context, actorId: existing.id }, "auth.oauth_linked", existing.id, {
      provider,
      by: "verified_email",
    });
    return existing;
  }

  async function exchange(provider: string, input: CallbackInput) {
    requireProvider(provider);
    const challenge = await consumeState(provider, input.state, input.browser);
    const identity = await providers.exchange(provider, {
      redirectUri: redirectUriOf(provider),
      code: input.code,
      state: input.state,
      iss: input.iss,
      nonce: challenge.nonce,
      codeVerifier: challenge.codeVerifier,
    });
    return { challenge, identity };
  }

  return {
    providers: () => providers.list(),
    redirectUriOf,

    /** Stores a fresh state and answers the provider's authorization URL and the browser cookie. */
    async start(provider: string, redirect: string | undefined) {
      requireProvider(provider);
      const state = oidc.randomState();
      const browser = randomBytes(32).toString("base64url");
      const challenge: OAuthChallenge = {
        provider,
        codeVerifier: oidc.randomPKCECodeVerifier(),
        nonce: oidc.randomNonce(),
        redirect: safeRedirect(redirect),
        browser: sha256(browser),
      };
      const url = await providers.authorizationUrl(provider, {
        redirectUri: redirectUriOf(provider),
        state,
        nonce: challenge.nonce,
        codeVerifier: challenge.codeVerifier,
      });
      const now = clock();
      // Abandoned flows would otherwise stay forever.
      await db
        .delete(authChallenges)
        .where(and(eq(authChallenges.purpose, "oauth"), lt(authChallenges.expiresAt, now)));
      await db.insert(authChallenges).values({
        id: sha256(state),
        purpose: "oauth",
        data: challenge,
        expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
      });
      return { url, browser };
    },

    /** Finishes a sign-in: the session, or the MFA step when the account has a second factor. */
    async signIn(
      provider: string,
      input: CallbackInput,
      context: AuditContext & ClientInfo,
    ): Promise<OAuthResult> {
      const { challenge, identity } = await exchange(provider, input);
      const user = await accountFor(provider, identity, context);
      const methods = await accounts.secondFactors(user.id);
      if (methods.length > 0) {
        const mfaToken = await accounts.signMfaStep(user.id, false);
        return { kind: "mfa", mfaToken, methods, redirect: challenge.redirect };
      }
      const session = await accounts.completeLogin(user.id, false, context, `oauth:${provider}`);
      return { kind: "session", ...session, redirect: challenge.redirect };
    },

    /** Links the provider account to the signed-in user (the way in for unverified e-mail). */
    async linkTo(user: UserRow, provider: string, input: CallbackInput, context: AuditContext) {
      const { challenge, identity } = await exchange(provider, input);
      const owner = await linkedUser(provider, identity.subject);
      if (owner !== undefined && owner.id !== user.id) {
        throw conflict(
          "oauth_linked_elsewhere",
          "This provider account is already linked to another user",
        );
      }
      if (owner === undefined) {
        await link(provider, identity, user.id);
        await audit.record(context, "auth.oauth_linked", user.id, { provider, by: "signed_in" });
      }
      return { redirect: challenge.redirect };
    },
  };
}
export type OAuthService = ReturnType<typeof createOAuthService>;
