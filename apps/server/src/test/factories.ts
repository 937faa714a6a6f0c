// Test factories: real users created through the account service, signed in through the real API.
import { randomBytes } from "node:crypto";
import type { Role } from "@aacos/domain/access";
import type { TierName, WorldName } from "@aacos/domain/catalog";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { users } from "../db/schema.js";

/** Strong, and not on the breached list. */
export const PASSWORD = "Zq7!wVx9Lk";

let sequence = 0;

export interface SignedInUser {
  id: string;
  email: string;
  username: string;
  token: string;
  refreshToken: string;
  /** Authorization header for inject(). */
  auth: { authorization: string };
}

export async function createUser(
  app: FastifyInstance,
  options: { roles?: Role[]; password?: string; tier?: TierName; world?: WorldName } = {},
): Promise<SignedInUser> {
  sequence += 1;
  const tag = `${sequence}${randomBytes(3).toString("hex")}`;
  const email = `user${tag}@example.com`;
  const username = `user${tag}`;
  const user = await app.services.accounts.createUser({
    email,
    username,
    password: options.password ?? PASSWORD,
    roles: options.roles ?? ["user"],
  });
  if (options.tier !== undefined || options.world !== undefined) {
    await app.database.db
      .update(users)
      .set({ tier: options.tier ?? "genesis", world: options.world ?? "genesis" })
      .where(eq(users.id, user.id));
  }
  const tokens = await app.services.accounts.issueSession(user, false, {
    ip: "127.0.0.1",
    userAgent: "test",
  });
  return {
    id: user.id,
    email,
    username,
    token: tokens.token,
    refreshToken: tokens.refreshToken,
    auth: { authorization: `Bearer ${tokens.token}` },
  };
}

/** A distinct client address per call, so rate limits of one test do not spill into another. */
export function someAddress(): string {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
}

/** A personal API key of the user, made through the real API; `auth` is its Authorization header for inject(). */
export async function createApiKey(
  app: FastifyInstance,
  user: SignedInUser,
  options: { scopes?: ("read" | "write" | "ai")[]; name?: string; expiresAt?: string } = {},
): Promise<{ id: string; key: string; auth: { authorization: string } }> {
  const response = await app.inject({
    method: "POST",
    url: "/api/me/api-keys",
    headers: user.auth,
    payload: {
      name: options.name ?? "script",
      scopes: options.scopes ?? ["read", "write", "ai"],
      ...(options.expiresAt !== undefined ? { expiresAt: options.expiresAt } : {}),
    },
  });
  if (response.statusCode !== 201) throw new Error(`API key not created: ${response.body}`);
  const { id, key } = response.json() as { id: string; key: string };
  return { id, key, auth: { authorization: `Bearer ${key}` } };
}

/**
 * The user signed in again through the real sign-in route, on the app's clock: a test that moves the clock past the
 * session's lifetime signs the user in again, as a real client would have to.
 */
export async function signInAgain(
  app: FastifyInstance,
  user: SignedInUser,
  password = PASSWORD,
): Promise<SignedInUser> {
  const response = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: user.email, password },
    remoteAddress: someAddress(),
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  const { token, refreshToken } = response.json<{ token: string; refreshToken: string }>();
  return { ...user, token, refreshToken, auth: { authorization: `Bearer ${token}` } };
}
