// Passkeys (WebAuthn): several per user, as a second factor or for password-less sign-in. Challenges are single-use, 5 minutes.

import { randomUUID } from "node:crypto";
import { fieldFailure } from "@aacos/domain/errors";
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { authChallenges, webauthnCredentials } from "../../db/schema.js";
import type { UserRow } from "../../platform/auth.js";
import { AppError, notFound, validationFailed } from "../../platform/errors.js";
import type { AuditContext, AuditService } from "../audit/index.js";

/**
 * @simplewebauthn/server and the certificate parsers it brings (about 600 KB) are their own chunk, loaded with the
 * first passkey ceremony rather than with the server (docs/decisions/204-start-up-lazy-modules.md).
 */
let loadingWebauthn: Promise<typeof import("@simplewebauthn/server")> | null = null;
const webauthn = () => {
  loadingWebauthn ??= import("@simplewebauthn/server");
  return loadingWebauthn;
};

const CHALLENGE_TTL_MS = 5 * 60_000;
export const PASSKEY_FAILED = "This passkey could not be verified";

export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingPartyFor(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name: "AACOS", origin: url.origin };
}

const passkeyFailed = () => new AppError("passkey_failed", 401, PASSKEY_FAILED);

export function createPasskeyService(deps: {
  db: Db;
  clock: () => Date;
  audit: AuditService;
  rp: RelyingParty;
}) {
  const { db, clock, audit, rp } = deps;

  async function saveChallenge(purpose: string, userId: string | null, challenge: string) {
    const id = randomUUID();
    // Expired challenges of anyone are swept on the way.
    await db.delete(authChallenges).where(lt(authChallenges.expiresAt, clock()));
    await db.insert(authChallenges).values({
      id,
      purpose,
      userId,
      data: { challenge },
      expiresAt: new Date(clock().getTime() + CHALLENGE_TTL_MS),
    });
    return id;
  }

  /** Takes a challenge out of the store: it can be answered once. */
  async function takeChallenge(id: string, purpose: string) {
    const [row] = await db
      .delete(authChallenges)
      .where(and(eq(authChallenges.id, id), eq(authChallenges.purpose, purpose)))
      .returning();
    if (row === undefined || row.expiresAt <= clock()) return null;
    const challenge = (row.data as { challenge?: unknown }).challenge;
    return typeof challenge === "string" ? { challenge, userId: row.userId } : null;
  }

  async function credentialsOf(userId: string) {
    return db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId));
  }

  return {
    async list(userId: string) {
      const rows = await credentialsOf(userId);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      }));
    },

    async registrationOptions(user: UserRow) {
      const existing = await credentialsOf(user.id);
      const options = await (await webauthn()).generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.email,
        userDisplayName: user.displayName ?? user.username,
        userID: new TextEncoder().encode(user.id),
        attestationType: "none",
        excludeCredentials: existing.map((row) => ({
          id: row.id,
          transports: row.transports as AuthenticatorTransport[],
        })),
        authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
      });
      const challengeId = await saveChallenge("webauthn-register", user.id, options.challenge);
      return { challengeId, options };
    },

    async register(
      user: UserRow,
      challengeId: string,
      response: RegistrationResponseJSON,
      name: string,
      context: AuditContext,
    ) {
      const stored = await takeChallenge(challengeId, "webauthn-register");
      if (stored === null || stored.userId !== user.id) {
        throw validationFailed({
          challengeId: fieldFailure("This request has expired; try again", "request_expired"),
        });
      }
      const verification = await (await webauthn())
        .verifyRegistrationResponse({
          response,
          expectedChallenge: stored.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: false,
        })
        .catch(() => null);
      if (verification === null || !verification.verified) {
        throw validationFailed({ response: fieldFailure(PASSKEY_FAILED, "passkey_failed") });
      }
      const { credential } = verification.registrationInfo;
      const [row] = await db
        .insert(webauthnCredentials)
        .values({
          id: credential.id,
          userId: user.id,
          publicKey: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name,
        })
        .onConflictDoNothing()
        .returning();
      if (row === undefined)
        throw validationFailed({
          response: fieldFailure("This passkey is already registered", "passkey_registered"),
        });
      await audit.record(context, "auth.passkey_added", user.id, { name });
      return {
        id: row.id,
        name: row.name,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: null,
      };
    },

    async remove(userId: string, id: string, context: AuditContext) {
      const removed = await db
        .delete(webauthnCredentials)
        .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
        .returning({ id: webauthnCredentials.id });
      if (removed.length === 0) throw notFound("passkey", "No such passkey");
      await audit.record(context, "auth.passkey_removed", userId, { id });
    },

    /** Options for signing in: any passkey (password-less), or only the given user's (second factor). */
    async authenticationOptions(userId: string | null) {
      const allow = userId === null ? [] : await credentialsOf(userId);
      const options = await (await webauthn()).generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: "preferred",
        ...(userId === null
          ? {}
          : {
              allowCredentials: allow.map((row) => ({
                id: row.id,
                transports: row.transports as AuthenticatorTransport[],
              })),
            }),
      });
      const challengeId = await saveChallenge("webauthn-login", userId, options.challenge);
      return { challengeId, options };
    },

    /** The user a passkey assertion proves, or a 401; the counter moves forward. */
    async authenticate(challengeId: string, response: AuthenticationResponseJSON): Promise<string> {
      const stored = await takeChallenge(challengeId, "webauthn-login");
      if (stored === null) throw passkeyFailed();
      const [row] = await db
        .select()
        .from(webauthnCredentials)
        .where(eq(webauthnCredentials.id, response.id));
      if (row === undefined) throw passkeyFailed();
      if (stored.userId !== null && stored.userId !== row.userId) throw passkeyFailed();
      const verification = await (await webauthn())
        .verifyAuthenticationResponse({
          response,
          expectedChallenge: stored.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: row.id,
            publicKey: new Uint8Array(Buffer.from(row.publicKey, "base64url")),
            counter: row.counter,
            transports: row.transports as AuthenticatorTransport[],
          },
          requireUserVerification: false,
        })
        .catch(() => null);
      if (verification === null || !verification.verified) throw passkeyFailed();
      await db
        .update(webauthnCredentials)
        .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: clock() })
        .where(eq(webauthnCredentials.id, row.id));
      return row.userId;
    },
  };
}
export type PasskeyService = ReturnType<typeof createPasskeyService>;
