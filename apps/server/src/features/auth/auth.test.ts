// Accounts and sessions over the real API: the contract of docs/product.md §7, rotation and reuse, rate limits, no enumeration.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, PASSWORD, someAddress } from "../../test/factories.js";
import { buildTestApp, meWithToken, postFrom, request, type TestApp } from "../../test/helper.js";
import { EMAIL_UNAVAILABLE_MESSAGE } from "./registration-guard.js";

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

/** POST /api/auth/register from a fresh address. */
const register = (fields: { email: string; username: string; password: string }) =>
  postFrom(test.app, "/api/auth/register", fields);

describe("register", () => {
  it("creates the account and signs it in", async () => {
    const response = await register({
      email: "Dana@Example.com",
      username: "dana_c",
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({
      email: "dana@example.com",
      username: "dana_c",
      roles: ["user"],
      permissions: [],
      tier: "genesis",
      world: "genesis",
    });
    expect(body.user.createdAt).toEqual(expect.any(String));
    expect(body.user).not.toHaveProperty("passwordHash");
    expect(body.token.split(".")).toHaveLength(3);
    expect(body.refreshToken.length).toBeGreaterThan(30);
    const cookie = String(response.headers["set-cookie"]);
    expect(cookie).toContain("aacos_refresh=");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    // Without "remember me" the cookie ends with the browser session.
    expect(cookie).not.toMatch(/Max-Age|Expires/i);

    const me = await meWithToken(test.app, body.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(body.user.id);
  });

  it("answers bad fields with 400 and the spec's messages", async () => {
    const response = await register({
      email: "no-at-sign",
      username: "x",
      password: "short",
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.message).toBe("Validation failed");
    expect(error.fields).toMatchObject({
      email: "Invalid email format",
      username: "Minimum length is 3",
      password: expect.stringContaining("at least 8 characters"),
    });
  });

  it("refuses a breached password even when it passes the character rule", async () => {
    const response = await register({
      email: "p@example.com",
      username: "pw_user",
      password: "Password1!",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.password).toContain("breached");
  });

  it("refuses a taken email or username with 409", async () => {
    const existing = await createUser(test.app);
    const byEmail = await register({
      email: existing.email.toUpperCase(),
      username: "fresh_name",
      password: PASSWORD,
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json().error.fields.email).toBe(EMAIL_UNAVAILABLE_MESSAGE);
    const byName = await register({
      email: "fresh@example.com",
      username: existing.username,
      password: PASSWORD,
    });
    expect(byName.statusCode).toBe(409);
  });

  it("allows 3 registrations per 10 minutes from one address", async () => {
    const address = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await postFrom(
        test.app,
        "/api/auth/register",
        { email: `burst${i}@example.com`, username: `burst${i}`, password: PASSWORD },
        {},
        address,
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
        expect(response.json()).toMatchObject({
          error: { code: "rate_limited" },
          retryAfter: expect.any(Number),
        });
      }
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});

describe("login", () => {
  it("accepts the email or the username, case-insensitively", async () => {
    const user = await createUser(test.app);
    for (const identifier of [user.email, user.username.toUpperCase()]) {
      const response = await postFrom(test.app, "/api/auth/login", {
        email: identifier,
        password: PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        user: { id: user.id },
        token: expect.any(String),
        refreshToken: expect.any(String),
      });
    }
  });

  it("gives the same answer for an unknown account and a wrong password", async () => {
    const user = await createUser(test.app);
    const wrong = await postFrom(test.app, "/api/auth/login", {
      email: user.email,
      password: "Wrong-Pass1!",
    });
    const unknown = await postFrom(test.app, "/api/auth/login", {
      email: "nobody@example.com",
      password: "Wrong-Pass1!",
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe("Invalid email or password");
  });

  it("sets a lasting cookie with remember me", async () => {
    const user = await createUser(test.app);
    const response = await postFrom(test.app, "/api/auth/login", {
      email: user.email,
      password: PASSWORD,
      rememberMe: true,
    });
    expect(String(response.headers["set-cookie"])).toContain("Max-Age=604800");
  });

  it("holds one account at one address to 5 failures in 5 minutes, the right password too", async () => {
    const user = await createUser(test.app);
    const address = someAddress();
    for (let i = 0; i < 5; i++) {
      const response = await postFrom(
        test.app,
        "/api/auth/login",
        { email: user.email, password: "Wrong-Pass1!" },
        {},
        address,
      );
      expect(response.statusCode).toBe(401);
    }
    const blocked = await postFrom(
      test.app,
      "/api/auth/login",
      { email: user.email, password: PASSWORD },
      {},
      address,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().retryAfter).toBeGreaterThan(0);
  });
});

describe("refresh tokens", () => {
  it("rotate on every use", async () => {
    const user = await createUser(test.app);
    const first = await postFrom(test.app, "/api/auth/refresh", {
      refreshToken: user.refreshToken,
    });
    expect(first.statusCode).toBe(200);
    const rotated = first.json();
    expect(rotated.refreshToken).not.toBe(user.refreshToken);
    const second = await postFrom(test.app, "/api/auth/refresh", {
      refreshToken: rotated.refreshToken,
    });
    expect(second.statusCode).toBe(200);
  });

  it("revoke the whole family when a rotated token comes back", async () => {
    const user = await createUser(test.app);
    const rotated = (
      await postFrom(test.app, "/api/auth/refresh", { refreshToken: user.refreshToken })
    ).json();
    const replay = await postFrom(test.app, "/api/auth/refresh", {
      refreshToken: user.refreshToken,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe("Token refresh failed");
    // The thief's replay also ends the legitimate holder's session and its access tokens.
    expect(
      (await postFrom(test.app, "/api/auth/refresh", { refreshToken: rotated.refreshToken }))
        .statusCode,
    ).toBe(401);
    const me = await meWithToken(test.app, rotated.token);
    expect(me.statusCode).toBe(401);
  });

  it("work from the cookie as well", async () => {
    const user = await createUser(test.app);
    const response = await test.app.inject({
      method: "POST",
      url: "/api/auth/refresh",
      cookies: { aacos_refresh: user.refreshToken },
    });
    expect(response.json()).toMatchObject({ token: expect.any(String) });
    expect(response.statusCode).toBe(200);
  });
});

describe("logout and sessions", () => {
  it("logout revokes the session and its access token", async () => {
    const user = await createUser(test.app);
    const out = await postFrom(test.app, "/api/auth/logout", { refreshToken: user.refreshToken });
    expect(out.statusCode).toBe(204);
    expect((await request(test.app, user, "GET", "/api/auth/me")).statusCode).toBe(401);
    expect(
      (await postFrom(test.app, "/api/auth/refresh", { refreshToken: user.refreshToken }))
        .statusCode,
    ).toBe(401);
  });

  it("sign out everywhere ends every session", async () => {
    const user = await createUser(test.app);
    const other = (
      await postFrom(test.app, "/api/auth/login", { email: user.email, password: PASSWORD })
    ).json();
    const list = await request(test.app, user, "GET", "/api/auth/sessions");
    expect(list.json().items).toHaveLength(2);
    expect(list.json().items.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    await request(test.app, user, "POST", "/api/auth/sessions/revoke-all");
    for (const token of [user.token, other.token]) {
      expect((await meWithToken(test.app, token)).statusCode).toBe(401);
    }
  });
});

describe("me, permissions and profile", () => {
  it("need a valid token", async () => {
    for (const authorization of [undefined, "Bearer nonsense", "Basic abc"]) {
      const response = await test.app.inject({
        method: "GET",
        url: "/api/auth/me",
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it("report roles and permissions", async () => {
    const admin = await createUser(test.app, { roles: ["admin"] });
    const response = await request(test.app, admin, "GET", "/api/auth/permissions");
    expect(response.json()).toEqual({
      roles: ["admin"],
      permissions: ["admin.access", "analytics.view", "settings.manage"],
    });
  });

  it("update the profile and refuse unknown fields", async () => {
    const user = await createUser(test.app);
    const ok = await request(test.app, user, "PATCH", "/api/auth/profile", {
      displayName: "Dana Cohen",
      timeZone: "Asia/Jerusalem",
      locale: "en",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({
      displayName: "Dana Cohen",
      timeZone: "Asia/Jerusalem",
      locale: "en",
    });
    const sneaky = await request(test.app, user, "PATCH", "/api/auth/profile", {
      roles: ["admin"],
    });
    expect(sneaky.statusCode).toBe(400);
    const badZone = await request(test.app, user, "PATCH", "/api/auth/profile", {
      timeZone: "Mars/Olympus",
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().error.fields.timeZone).toBe("Invalid format");
  });

  it("change the password with the current one, ending other sessions", async () => {
    const user = await createUser(test.app);
    const other = (
      await postFrom(test.app, "/api/auth/login", { email: user.email, password: PASSWORD })
    ).json();
    const wrong = await request(test.app, user, "POST", "/api/auth/password", {
      currentPassword: "nope",
      newPassword: "Kp3!tRw8Yz",
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await request(test.app, user, "POST", "/api/auth/password", {
      currentPassword: PASSWORD,
      newPassword: "Kp3!tRw8Yz",
    });
    expect(ok.statusCode).toBe(204);
    expect((await request(test.app, user, "GET", "/api/auth/me")).statusCode).toBe(200);
    expect((await meWithToken(test.app, other.token)).statusCode).toBe(401);
    expect(
      (await postFrom(test.app, "/api/auth/login", { email: user.email, password: "Kp3!tRw8Yz" }))
        .statusCode,
    ).toBe(200);
  });
});

describe("hostile input", () => {
  it("gets 400 with a clear message, never 500", async () => {
    const cases: { payload: string; contentType?: string }[] = [
      { payload: '{"email": ["a"], "password": {"$gt": ""}}' },
      { payload: '{"__proto__": {"admin": true}, "email": "a@b.co", "password": "x"}' },
      {
        payload: `{"email": "' OR 1=1 --", "username": "<script>alert(1)</script>", "password": "Zq7!wVx9Lk"}`,
      },
      { payload: '{"email": "a@b.co", "password": 12345678}' },
      { payload: "\u0000\u0001not json" },
      { payload: "[]" },
      { payload: "null" },
      { payload: "email=a", contentType: "application/x-www-form-urlencoded" },
    ];
    for (const { payload, contentType } of cases) {
      for (const url of ["/api/auth/register", "/api/auth/login"]) {
        const response = await test.app.inject({
          method: "POST",
          url,
          headers: { "content-type": contentType ?? "application/json" },
          payload,
          remoteAddress: someAddress(),
        });
        expect([400, 401, 415]).toContain(response.statusCode);
        expect(response.json().error.message).toEqual(expect.any(String));
      }
    }
  });

  it("refuses bodies over 1 MB with 413", async () => {
    const response = await postFrom(test.app, "/api/auth/login", {
      email: "a@b.co",
      password: "x".repeat(1_100_000),
    });
    expect(response.statusCode).toBe(413);
  });

  it("survives invalid UTF-8", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { "content-type": "application/json" },
      payload: Buffer.from([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      remoteAddress: someAddress(),
    });
    expect(response.statusCode).toBe(400);
  });
});
