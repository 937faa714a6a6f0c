// Two-factor sign-in over the real API: setup, login with a TOTP or recovery code, no code accepted twice, limits, disable.
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditActionsOn } from "../../test/audit.js";
import { MFA_REQUIRED } from "../../test/expected.js";
import { createUser, PASSWORD, type SignedInUser } from "../../test/factories.js";
import { buildTestApp, meWithToken, postFrom, request, type TestApp } from "../../test/helper.js";

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

/** The sign-in's second step: a code of `type` for the token the password step gave. */
const verify = (mfaToken: string, type: "totp" | "recovery", code: unknown) =>
  postFrom(test.app, "/api/auth/mfa/verify", { code, type, mfaToken });

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** The code an authenticator app would show at `epoch` (seconds). */
const codeAt = (secret: string, epoch: number) => generate({ secret, epoch });

/** A six-digit code no step around now accepts. */
async function wrongCode(secret: string): Promise<string> {
  const now = nowSeconds();
  const valid = new Set(
    await Promise.all([-60, -30, 0, 30, 60].map((shift) => codeAt(secret, now + shift))),
  );
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

/** Switches TOTP on for the signed-in user, or tries to: a code for the secret of the pending setup. */
const confirmTotp = (user: SignedInUser, code: string) =>
  postFrom(test.app, "/api/auth/mfa/verify", { code, type: "totp" }, user.auth);

const disable = (user: SignedInUser, code: string) =>
  postFrom(test.app, "/api/auth/mfa/disable", { code }, user.auth);

/** A sign-in with the password alone, as when two-factor is off. */
const passwordOnly = (email: string) =>
  postFrom(test.app, "/api/auth/login", { email, password: PASSWORD });

async function setUp(user: SignedInUser) {
  const setup = await postFrom(test.app, "/api/auth/mfa/setup", { type: "totp" }, user.auth);
  expect(setup.statusCode).toBe(200);
  return setup.json() as { secret: string; otpauthUrl: string; qrCode: string };
}

/** A user with TOTP on; `base` is the epoch whose code switched it on (that step is spent). */
async function userWithTotp() {
  const user = await createUser(test.app);
  const { secret } = await setUp(user);
  const base = nowSeconds();
  const enabled = await confirmTotp(user, await codeAt(secret, base));
  expect(enabled.statusCode).toBe(200);
  return { user, secret, base, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

async function passwordStep(email: string, rememberMe = false): Promise<string> {
  const response = await postFrom(test.app, "/api/auth/login", {
    email,
    password: PASSWORD,
    rememberMe,
  });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).toEqual(MFA_REQUIRED);
  return body.mfaToken;
}

describe("setup", () => {
  it("gives a secret, an otpauth URL and a QR code, and is off until a code confirms it", async () => {
    const user = await createUser(test.app);
    const before = await request(test.app, user, "GET", "/api/auth/mfa");
    expect(before.json()).toEqual({ totp: { enabled: false }, recoveryCodesLeft: 0 });

    const setup = await setUp(user);
    expect(setup.secret).toMatch(/^[A-Z2-7]{16,}$/);
    const url = new URL(setup.otpauthUrl);
    expect(`${url.protocol}//${url.host}`).toBe("otpauth://totp");
    expect(decodeURIComponent(url.pathname)).toBe(`/AACOS:${user.email}`);
    expect(url.searchParams.get("issuer")).toBe("AACOS");
    expect(url.searchParams.get("secret")).toBe(setup.secret);
    expect(setup.qrCode).toMatch(/^data:image\/png;base64,/);

    // Not on yet: the password alone still signs in.
    const login = await passwordOnly(user.email);
    expect(login.json().token).toEqual(expect.any(String));

    const wrong = await confirmTotp(user, await wrongCode(setup.secret));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ code: "Invalid verification code" });

    const enabled = await confirmTotp(user, await codeAt(setup.secret, nowSeconds()));
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json();
    expect(enabled.json().enabled).toBe(true);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/);

    const after = await request(test.app, user, "GET", "/api/auth/mfa");
    expect(after.json()).toEqual({ totp: { enabled: true }, recoveryCodesLeft: 10 });
    const me = await request(test.app, user, "GET", "/api/auth/me");
    expect(me.json().user.mfaEnabled).toBe(true);

    const again = await postFrom(test.app, "/api/auth/mfa/setup", {}, user.auth);
    expect(again.statusCode).toBe(409);
  });

  it("replaces an unconfirmed secret when set up again", async () => {
    const user = await createUser(test.app);
    const first = await setUp(user);
    const second = await setUp(user);
    expect(second.secret).not.toBe(first.secret);
    const stale = await confirmTotp(user, await codeAt(first.secret, nowSeconds()));
    expect(stale.statusCode).toBe(400);
  });

  it("needs a signed-in user", async () => {
    expect((await postFrom(test.app, "/api/auth/mfa/setup", {})).statusCode).toBe(401);
    expect(
      (await postFrom(test.app, "/api/auth/mfa/verify", { code: "123456", type: "totp" }))
        .statusCode,
    ).toBe(401);
    expect((await test.app.inject({ method: "GET", url: "/api/auth/mfa" })).statusCode).toBe(401);
  });

  it("refuses to confirm without setting up first", async () => {
    const user = await createUser(test.app);
    const response = await confirmTotp(user, "123456");
    expect(response.statusCode).toBe(409);
  });
});

describe("login with a second factor", () => {
  it("finishes with a TOTP code, accepts each code once, and recovery codes once each", async () => {
    const { user, secret, base, recoveryCodes } = await userWithTotp();

    const mfaToken = await passwordStep(user.email, true);
    // The code that switched TOTP on is spent.
    const replayed = await verify(mfaToken, "totp", await codeAt(secret, base));
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error.message).toBe("Invalid verification code");

    const nextCode = await codeAt(secret, base + 30);
    const finished = await postFrom(test.app, "/api/auth/mfa/verify", {
      code: nextCode,
      type: "totp",
      mfaToken,
    });
    expect(finished.statusCode).toBe(200);
    const body = finished.json();
    expect(body).toEqual({
      user: expect.objectContaining({ id: user.id, email: user.email }),
      token: expect.any(String),
      refreshToken: expect.any(String),
      expiresAt: expect.any(String),
      rememberMe: true,
    });
    const cookie = String(finished.headers["set-cookie"]);
    expect(cookie).toContain("aacos_refresh=");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toMatch(/Max-Age/);
    const me = await meWithToken(test.app, body.token);
    expect(me.statusCode).toBe(200);

    // The same code again, in a new sign-in: refused.
    const secondToken = await passwordStep(user.email);
    const reused = await verify(secondToken, "totp", nextCode);
    expect(reused.statusCode).toBe(401);

    const [firstRecovery, secondRecovery] = recoveryCodes;
    const recovered = await verify(
      secondToken,
      "recovery",
      firstRecovery?.toUpperCase().replace("-", " "),
    );
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json().rememberMe).toBe(false);

    const thirdToken = await passwordStep(user.email);
    const recoveryAgain = await verify(thirdToken, "recovery", firstRecovery);
    expect(recoveryAgain.statusCode).toBe(401);
    const status = await request(test.app, user, "GET", "/api/auth/mfa");
    expect(status.json()).toEqual({ totp: { enabled: true }, recoveryCodesLeft: 9 });
    const secondWorks = await verify(thirdToken, "recovery", secondRecovery);
    expect(secondWorks.statusCode).toBe(200);
  });

  it("opens one session per password step: the step token is single-use, even under concurrency", async () => {
    const { user, secret, base, recoveryCodes } = await userWithTotp();
    const mfaToken = await passwordStep(user.email);
    const first = await verify(mfaToken, "totp", await codeAt(secret, base + 30));
    expect(first.statusCode).toBe(200);
    // Another valid code with the same step token: refused, no second session.
    const again = await verify(mfaToken, "recovery", recoveryCodes[0]);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe("The sign-in step expired; sign in again");

    // Two valid recovery codes racing with one step token: one session.
    const racedToken = await passwordStep(user.email);
    const raced = await Promise.all(
      [recoveryCodes[1], recoveryCodes[2]].map((code) =>
        postFrom(test.app, "/api/auth/mfa/verify", {
          code,
          type: "recovery",
          mfaToken: racedToken,
        }),
      ),
    );
    expect(raced.map((response) => response.statusCode).sort()).toEqual([200, 401]);
  });

  it("refuses a forged or missing step token", async () => {
    const forged = await verify("eyJhbGciOiJIUzI1NiJ9.e30.x", "totp", "123456");
    expect(forged.statusCode).toBe(401);
    // An access token is not a step token.
    const user = await createUser(test.app);
    const wrongKind = await verify(user.token, "totp", "123456");
    expect(wrongKind.statusCode).toBe(401);
  });

  it("allows 5 attempts per 5 minutes per user, then even the right code waits", async () => {
    const { user, secret, base } = await userWithTotp();
    const mfaToken = await passwordStep(user.email);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await verify(mfaToken, "recovery", "aaaaa-aaaaa");
      expect(response.statusCode).toBe(401);
    }
    const blocked = await verify(mfaToken, "totp", await codeAt(secret, base + 30));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("rate_limited");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("disable", () => {
  it("needs a fresh code, then removes TOTP and the recovery codes", async () => {
    const { user, recoveryCodes } = await userWithTotp();
    const missing = await postFrom(test.app, "/api/auth/mfa/disable", {}, user.auth);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.code).toBe("Field is required");
    const wrong = await disable(user, "aaaaa-aaaaa");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.code).toBe("Invalid verification code");

    const disabled = await disable(user, recoveryCodes[0] ?? "");
    expect(disabled.statusCode).toBe(204);
    const status = await request(test.app, user, "GET", "/api/auth/mfa");
    expect(status.json()).toEqual({ totp: { enabled: false }, recoveryCodesLeft: 0 });
    const login = await passwordOnly(user.email);
    expect(login.json().token).toEqual(expect.any(String));

    const notOn = await disable(user, recoveryCodes[1] ?? "");
    expect(notOn.statusCode).toBe(409);

    const admin = await createUser(test.app, { roles: ["admin"] });
    const actions = await auditActionsOn(test.app, admin, user.id);
    expect(actions).toEqual(expect.arrayContaining(["auth.mfa_enabled", "auth.mfa_disabled"]));
  });

  it("accepts a current TOTP code", async () => {
    const { user, secret, base } = await userWithTotp();
    const response = await disable(user, await codeAt(secret, base + 30));
    expect(response.statusCode).toBe(204);
  });
});
