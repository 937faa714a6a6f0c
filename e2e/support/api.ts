// Direct API calls for test set-up (users, tokens), each from its own forwarded client address.
import { inject } from "vitest";

let counter = 0;
/** Each test file (its own module instance) gets its own address block, so per-address limits never collide. */
const block = Math.floor(Math.random() * 200) + 20;

export const PASSWORD = "Zq7!wVx9Lk";

export async function api<T>(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    token?: string;
    /** Another server than the suite's (a file's own instance). */
    base?: string;
  } = {},
): Promise<{ status: number; body: T }> {
  counter += 1;
  const response = await fetch(new URL(path, init.base ?? inject("baseUrl")), {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.${block}.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`,
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

export interface TestAccount {
  email: string;
  username: string;
  password: string;
  token: string;
  id: string;
}

/** A new account on the suite's server, or on `base` (a file's own instance). */
export async function registerAccount(prefix = "e2e", base?: string): Promise<TestAccount> {
  const tag = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const email = `${tag}@example.com`;
  const result = await api<{ token: string; user: { id: string } }>("/api/auth/register", {
    body: { email, username: tag, password: PASSWORD },
    base,
  });
  if (result.status !== 201)
    throw new Error(`register failed: ${result.status} ${JSON.stringify(result.body)}`);
  return {
    email,
    username: tag,
    password: PASSWORD,
    token: result.body.token,
    id: result.body.user.id,
  };
}

/** The admin the test server creates at start-up (on genesis: 10 calls a minute, shared by every file). */
export const SHARED_ADMIN = { email: "admin@example.com", password: "Ad7!min9Qz" };

/**
 * A new admin of the calling file's own, on infinity: admin screens make many calls, and genesis's 10 a minute of the
 * shared admin would run out between files.
 */
export async function registerAdmin(prefix = "admin"): Promise<TestAccount> {
  const shared = await api<{ token: string }>("/api/auth/login", { body: SHARED_ADMIN });
  if (shared.status !== 200) throw new Error(`admin sign-in failed: ${shared.status}`);
  const account = await registerAccount(prefix);
  const promoted = await api(`/api/users/${account.id}`, {
    method: "PUT",
    token: shared.body.token,
    body: { roles: ["user", "admin"], tier: "infinity" },
  });
  if (promoted.status !== 200) throw new Error(`promotion failed: ${promoted.status}`);
  return account;
}
