// Sign-in throttling under concurrency and against lock-outs: budgets are spent before the password is checked, and a
// stranger's failures never stop the owner signing in from their own address (docs/decisions/155).
import { LOGIN_LIMITS } from "@aacos/domain/access";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema.js";
import { createUser, PASSWORD, someAddress } from "../../test/factories.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

const login = (email: string, password: string, remoteAddress: string) =>
  test.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    remoteAddress,
  });

/** Every password that was actually checked and found wrong leaves one audit row with the client's address. */
async function passwordsCheckedFrom(address: string): Promise<number> {
  const rows = await test.app.database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, "auth.login_failed"), eq(auditLog.ip, address)));
  return rows.length;
}

describe("sign-in limits under concurrency", () => {
  it("checks exactly 5 of 40 simultaneous guesses at one account from one address", async () => {
    const user = await createUser(test.app);
    const address = someAddress();
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => login(user.email, "Wrong-Pass1!", address)),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_LIMITS.pair.points);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - LOGIN_LIMITS.pair.points);
    expect(await passwordsCheckedFrom(address)).toBe(LOGIN_LIMITS.pair.points);
  });

  it("checks exactly the address budget of 40 simultaneous guesses at 40 accounts", async () => {
    const address = someAddress();
    const accounts = await Promise.all(Array.from({ length: 40 }, () => createUser(test.app)));
    const responses = await Promise.all(
      accounts.map((account) => login(account.email, "Wrong-Pass1!", address)),
    );
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(40 - LOGIN_LIMITS.address.points);
    expect(await passwordsCheckedFrom(address)).toBe(LOGIN_LIMITS.address.points);
  });

  it("checks no more than the account ceiling when guesses come from many addresses", async () => {
    const user = await createUser(test.app);
    const addresses = Array.from(
      { length: LOGIN_LIMITS.account.points + 20 },
      (_, i) => `172.20.${Math.floor(i / 250)}.${(i % 250) + 1}`,
    );
    const responses = await Promise.all(
      addresses.map((address) => login(user.email, "Wrong-Pass1!", address)),
    );
    expect(responses.filter((response) => response.statusCode === 401)).toHaveLength(
      LOGIN_LIMITS.account.points,
    );
  }, 120_000);
});

describe("no lock-out by strangers", () => {
  it("lets the owner in from their own address after a stranger's failures", async () => {
    const user = await createUser(test.app);
    const stranger = someAddress();
    for (let i = 0; i < 10; i++) {
      await login(user.email, "Wrong-Pass1!", stranger);
    }
    // The stranger is held...
    expect((await login(user.email, PASSWORD, stranger)).statusCode).toBe(429);
    // ...the owner is not.
    expect((await login(user.email, PASSWORD, someAddress())).statusCode).toBe(200);
  });

  it("keeps the owner's own address open when strangers from many addresses used up the account's ceiling", async () => {
    const user = await createUser(test.app);
    const home = someAddress();
    expect((await login(user.email, PASSWORD, home)).statusCode).toBe(200);
    await Promise.all(
      Array.from({ length: LOGIN_LIMITS.account.points + 5 }, (_, i) =>
        login(user.email, "Wrong-Pass1!", `172.30.${Math.floor(i / 250)}.${(i % 250) + 1}`),
      ),
    );
    // A new address waits for the account's window...
    expect((await login(user.email, PASSWORD, someAddress())).statusCode).toBe(429);
    // ...the address the owner signed in from before does not.
    expect((await login(user.email, PASSWORD, home)).statusCode).toBe(200);
  }, 120_000);

  it("takes the client address from X-Forwarded-For behind a trusted proxy", async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: "127.0.0.1" });
    try {
      const user = await createUser(proxied.app);
      const viaProxy = (forwardedFor: string, password: string) =>
        proxied.app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: user.email, password },
          remoteAddress: "127.0.0.1",
          headers: { "x-forwarded-for": forwardedFor },
        });
      for (let i = 0; i < 6; i++) await viaProxy("203.0.113.7", "Wrong-Pass1!");
      expect((await viaProxy("203.0.113.7", PASSWORD)).statusCode).toBe(429);
      expect((await viaProxy("198.51.100.4", PASSWORD)).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it("gives the address its points back when the password is right", async () => {
    const address = someAddress();
    const user = await createUser(test.app);
    for (let i = 0; i < LOGIN_LIMITS.address.points + 5; i++) {
      expect((await login(user.email, PASSWORD, address)).statusCode).toBe(200);
    }
  });
});
