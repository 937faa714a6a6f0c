// OpenID Connect sign-in against a real provider (oidc-provider on a loopback port): create, reuse, link, refuse.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config.js";
import { auditLog, authChallenges, mfaTotp, oauthAccounts, users } from "../../db/schema.js";
import { MFA_REQUIRED } from "../../test/expected.js";
import { createUser, someAddress } from "../../test/factories.js";
import { buildTestApp, meWithToken, request, type TestApp } from "../../test/helper.js";
import { LINK_WITH_PASSWORD_MESSAGE, safeRedirect, usernameBase } from "./service.js";
import { startTestProvider, type TestProvider } from "./test-provider.js";

const PUBLIC_URL = "http://aacos.test";

let acme: TestProvider;
let globex: TestProvider;
let test: TestApp;

beforeAll(async () => {
  acme = await startTestProvider({ redirectUris: [`${PUBLIC_URL}/auth/oauth/acme/callback`] });
  // Globex puts email and profile into the ID token, as Google does; Acme serves them from userinfo.
  globex = await startTestProvider({
    redirectUris: [`${PUBLIC_URL}/auth/oauth/globex/callback`],
    claimsInIdToken: true,
  });
  test = await buildTestApp({
    PUBLIC_URL,
    ...acme.env("acme", "Acme ID"),
    ...globex.env("globex"),
    OIDC_PROVIDERS: "acme,globex,offline",
    OIDC_OFFLINE_ISSUER: "http://127.0.0.1:9",
    OIDC_OFFLINE_CLIENT_ID: "x",
    OIDC_OFFLINE_CLIENT_SECRET: "y",
  });
});
afterAll(async () => {
  await test?.close();
  await acme?.close();
  await globex?.close();
});

function person(overrides: {
  email?: string;
  emailVerified?: boolean;
  preferredUsername?: string;
}) {
  const sub = `sub-${randomBytes(6).toString("hex")}`;
  return {
    sub,
    email: `${sub}@example.com`,
    emailVerified: true,
    name: "Dana Cohen",
    ...overrides,
  };
}

/** A person with an account at the provider. */
function accountAt(provider: TestProvider, overrides: Parameters<typeof person>[0]) {
  const account = person(overrides);
  provider.accounts.set(account.sub, account);
  return account;
}

/** A user whose e-mail address is verified. */
async function verifiedUser() {
  const user = await createUser(test.app);
  await test.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  return user;
}

/** GET …/start: the provider's URL and the browser cookie. */
async function begin(provider: string, redirect?: string) {
  const response = await test.app.inject({
    method: "GET",
    url: `/api/auth/oauth/${provider}/start`,
    query: redirect === undefined ? {} : { redirect },
    remoteAddress: someAddress(),
  });
  expect(response.statusCode).toBe(302);
  const cookie = response.cookies.find((c) => c.name === "aacos_oauth");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/api/auth/oauth" });
  return { location: new URL(String(response.headers.location)), browser: cookie?.value ?? "" };
}

/** POST the code and state the provider sent back, as the web app's callback route does. */
function finish(
  provider: string,
  back: URL,
  browser: string,
  headers: Record<string, string> = {},
) {
  return test.app.inject({
    method: "POST",
    url: `/api/auth/oauth/${provider}${headers.authorization ? "/link" : ""}`,
    payload: {
      code: back.searchParams.get("code"),
      state: back.searchParams.get("state"),
      iss: back.searchParams.get("iss") ?? undefined,
    },
    headers: { cookie: `aacos_oauth=${browser}`, ...headers },
    remoteAddress: someAddress(),
  });
}

async function signInThrough(provider: TestProvider, name: string, sub: string, redirect?: string) {
  const { location, browser } = await begin(name, redirect);
  const back = await provider.signIn(location, sub);
  return { back, browser, response: await finish(name, back, browser) };
}

const linksOf = (userId: string) =>
  test.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId));

describe("configuration", () => {
  const base = { OIDC_PROVIDERS: "acme", OIDC_ACME_ISSUER: "https://id.acme.example" };

  it("reads any number of providers, with a label defaulting to the name", () => {
    const config = loadConfig({
      ...base,
      OIDC_ACME_CLIENT_ID: "id",
      OIDC_ACME_CLIENT_SECRET: "secret",
      OIDC_ACME_LABEL: "Acme ID",
    });
    expect(config.oidcProviders).toEqual([
      {
        id: "acme",
        label: "Acme ID",
        issuer: "https://id.acme.example",
        clientId: "id",
        clientSecret: "secret",
      },
    ]);
    expect(loadConfig({}).oidcProviders).toEqual([]);
  });

  it("fails at start-up with one line when a piece is missing or unsafe", () => {
    expect(() => loadConfig({ ...base, OIDC_ACME_CLIENT_ID: "id" })).toThrow(
      new ConfigError('invalid OIDC_ACME_CLIENT_SECRET: required for provider "acme"'),
    );
    expect(() =>
      loadConfig({
        OIDC_PROVIDERS: "acme",
        OIDC_ACME_ISSUER: "http://id.acme.example",
        OIDC_ACME_CLIENT_ID: "id",
        OIDC_ACME_CLIENT_SECRET: "secret",
      }),
    ).toThrow(/OIDC_ACME_ISSUER: must use https/);
    expect(() => loadConfig({ OIDC_PROVIDERS: "Acme Corp" })).toThrow(ConfigError);
  });
});

describe("providers and start", () => {
  it("lists the configured providers for the sign-in buttons", async () => {
    const response = await test.app.inject({ method: "GET", url: "/api/auth/oauth/providers" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        { id: "acme", label: "Acme ID" },
        { id: "globex", label: "Globex" },
        { id: "offline", label: "Offline" },
      ],
    });
  });

  it("redirects to the provider with PKCE (S256), state and nonce, and keeps the challenge", async () => {
    const { location } = await begin("acme", "/dashboard?tab=1");
    expect(location.origin).toBe(acme.issuer);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      client_id: acme.clientId,
      response_type: "code",
      scope: "openid email profile",
      redirect_uri: `${PUBLIC_URL}/auth/oauth/acme/callback`,
      code_challenge_method: "S256",
    });
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(params.state?.length).toBeGreaterThan(20);
    expect(params.nonce?.length).toBeGreaterThan(20);
    const rows = await test.database.db
      .select()
      .from(authChallenges)
      .where(eq(authChallenges.purpose, "oauth"));
    const mine = rows.find((row) => (row.data as { nonce: string }).nonce === params.nonce);
    expect(mine?.data).toMatchObject({ provider: "acme", redirect: "/dashboard?tab=1" });
    // The state itself is not stored, only its hash.
    expect(rows.some((row) => row.id === params.state)).toBe(false);
    const minutes = ((mine?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it("keeps only same-site relative redirects", () => {
    expect(safeRedirect("/projects/1")).toBe("/projects/1");
    expect(safeRedirect("//evil.example/x")).toBeNull();
    expect(safeRedirect("/\\evil.example")).toBeNull();
    expect(safeRedirect("https://evil.example")).toBeNull();
    expect(safeRedirect("/\tx")).toBeNull();
    expect(safeRedirect(undefined)).toBeNull();
  });

  it("answers 404 for an unknown provider and 502 for one that cannot be reached", async () => {
    const start = await test.app.inject({ method: "GET", url: "/api/auth/oauth/nope/start" });
    expect(start.statusCode).toBe(404);
    const post = await test.app.inject({
      method: "POST",
      url: "/api/auth/oauth/nope",
      payload: { code: "c", state: "s" },
    });
    expect(post.statusCode).toBe(404);
    const offline = await test.app.inject({
      method: "GET",
      url: "/api/auth/oauth/offline/start",
      remoteAddress: someAddress(),
    });
    expect(offline.statusCode).toBe(502);
    expect(offline.json().error).toEqual({
      code: "oauth_provider_error",
      message: "Offline cannot be reached right now. Try again later.",
      params: { problem: "unreachable", provider: "Offline" },
    });
  });
});

describe("sign-in", () => {
  it("creates a new account on first sign-in and reuses the link on the next", async () => {
    const account = accountAt(acme, { preferredUsername: "Dana.Cohen" });
    const first = await signInThrough(acme, "acme", account.sub, "/dashboard");
    expect(first.response.statusCode).toBe(200);
    const body = first.response.json();
    expect(body).toMatchObject({
      user: {
        email: account.email,
        username: "dana.cohen",
        displayName: "Dana Cohen",
        emailVerified: true,
        roles: ["user"],
      },
      rememberMe: false,
      redirect: "/dashboard",
    });
    expect(body.token.split(".")).toHaveLength(3);
    expect(String(first.response.headers["set-cookie"])).toContain("aacos_refresh=");
    const [row] = await test.database.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row?.passwordHash).toBeNull();
    expect(await linksOf(body.user.id)).toMatchObject([
      { provider: "acme", subject: account.sub, email: account.email },
    ]);

    const me = await meWithToken(test.app, body.token);
    expect(me.json().user.id).toBe(body.user.id);

    const second = await signInThrough(acme, "acme", account.sub);
    expect(second.response.statusCode).toBe(200);
    expect(second.response.json()).toMatchObject({ user: { id: body.user.id }, redirect: null });
    expect(await linksOf(body.user.id)).toHaveLength(1);
  });

  it("works when the web app does not pass `iss` on, and needs an e-mail for a new account", async () => {
    const account = accountAt(acme, {});
    const { location, browser } = await begin("acme");
    const back = await acme.signIn(location, account.sub);
    back.searchParams.delete("iss");
    expect((await finish("acme", back, browser)).statusCode).toBe(200);

    const anonymous = { sub: `sub-${randomBytes(6).toString("hex")}` };
    acme.accounts.set(anonymous.sub, anonymous);
    const { response } = await signInThrough(acme, "acme", anonymous.sub);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("oauth_email_required");
  });

  it("reads the claims from the ID token too, and makes the username unique", async () => {
    const taken = await createUser(test.app);
    const account = accountAt(globex, { preferredUsername: taken.username, emailVerified: false });
    const { response } = await signInThrough(globex, "globex", account.sub);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      email: account.email,
      username: `${taken.username}2`,
      emailVerified: false,
    });
  });

  it("links to an existing account when the provider has verified the e-mail", async () => {
    const existing = await verifiedUser();
    const account = accountAt(acme, { email: existing.email.toUpperCase() });
    const { response } = await signInThrough(acme, "acme", account.sub);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(existing.id);
    expect(await linksOf(existing.id)).toMatchObject([{ provider: "acme", subject: account.sub }]);
    const audit = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "auth.oauth_linked"), eq(auditLog.targetId, existing.id)));
    expect(audit).toHaveLength(1);
  });

  it("creates no account while registration is closed, but still signs in and links existing ones", async () => {
    const admin = await createUser(test.app, { roles: ["admin"] });
    const setRegistration = (open: boolean) =>
      request(test.app, admin, "PUT", "/api/admin/settings/registration", { open });
    const known = accountAt(acme, {});
    expect((await signInThrough(acme, "acme", known.sub)).response.statusCode).toBe(200);
    const existing = await verifiedUser();
    const linkable = accountAt(acme, { email: existing.email });
    const stranger = accountAt(acme, {});

    expect((await setRegistration(false)).statusCode).toBe(200);
    try {
      const refused = (await signInThrough(acme, "acme", stranger.sub)).response;
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        code: "registration_closed",
        message: "Registration is closed for now; please try again later",
      });
      const [created] = await test.database.db
        .select()
        .from(users)
        .where(eq(users.email, stranger.email));
      expect(created).toBeUndefined();
      // Accounts that exist keep signing in, and a verified e-mail still links.
      expect((await signInThrough(acme, "acme", known.sub)).response.statusCode).toBe(200);
      const linked = (await signInThrough(acme, "acme", linkable.sub)).response;
      expect(linked.statusCode).toBe(200);
      expect(linked.json().user.id).toBe(existing.id);
    } finally {
      await setRegistration(true);
    }
  });

  it("refuses an unverified e-mail matching an existing account (no takeover)", async () => {
    const existing = await verifiedUser();
    const account = accountAt(acme, { email: existing.email, emailVerified: false });
    const { response } = await signInThrough(acme, "acme", account.sub);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(LINK_WITH_PASSWORD_MESSAGE);
    expect(await linksOf(existing.id)).toHaveLength(0);
  });

  it("refuses to link a verified e-mail to a local account whose e-mail was never verified", async () => {
    // Someone may have registered the address first to wait for its owner (pre-hijacking).
    const squatted = await createUser(test.app);
    const account = accountAt(acme, { email: squatted.email });
    const { response } = await signInThrough(acme, "acme", account.sub);
    expect(response.statusCode).toBe(409);
    expect(await linksOf(squatted.id)).toHaveLength(0);
  });

  it("lets a signed-in user link the provider, after which it signs them in", async () => {
    const existing = await createUser(test.app);
    const account = accountAt(acme, { email: existing.email, emailVerified: false });
    const { location, browser } = await begin("acme", "/settings");
    const back = await acme.signIn(location, account.sub);
    const linked = await finish("acme", back, browser, existing.auth);
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toEqual({ linked: true, provider: "acme", redirect: "/settings" });
    const { response } = await signInThrough(acme, "acme", account.sub);
    expect(response.json().user.id).toBe(existing.id);
  });

  it("asks for the second factor when the account has one", async () => {
    const account = accountAt(acme, {});
    const first = await signInThrough(acme, "acme", account.sub);
    const userId: string = first.response.json().user.id;
    await test.database.db
      .insert(mfaTotp)
      .values({ userId, secret: "JBSWY3DPEHPK3PXP", enabledAt: new Date() });
    const { response } = await signInThrough(acme, "acme", account.sub, "/x");
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ ...MFA_REQUIRED, redirect: "/x" });
    expect(response.headers["set-cookie"] ?? "").not.toContain("aacos_refresh=");
    expect(await test.app.tokens.verifyStep("mfa", body.mfaToken)).toMatchObject({
      sub: userId,
      rememberMe: false,
    });
  });
});

describe("state and PKCE", () => {
  it("refuses a state used once already", async () => {
    const account = accountAt(acme, {});
    const { back, browser, response } = await signInThrough(acme, "acme", account.sub);
    expect(response.statusCode).toBe(200);
    const again = await finish("acme", back, browser);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toEqual({ state: expect.stringContaining("Start it again") });
  });

  it("refuses an unknown or expired state, another browser, and another provider's state", async () => {
    const unknown = await test.app.inject({
      method: "POST",
      url: "/api/auth/oauth/acme",
      payload: { code: "abc", state: "made-up" },
      headers: { cookie: "aacos_oauth=whatever" },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.state).toBeDefined();

    const account = accountAt(acme, {});

    const expired = await begin("acme");
    const expiredBack = await acme.signIn(expired.location, account.sub);
    await test.database.db
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authChallenges.purpose, "oauth"));
    expect((await finish("acme", expiredBack, expired.browser)).statusCode).toBe(400);

    const started = await begin("acme");
    const back = await acme.signIn(started.location, account.sub);
    expect((await finish("acme", back, "another-browser")).statusCode).toBe(400);

    const other = await begin("acme");
    const otherBack = await acme.signIn(other.location, account.sub);
    expect((await finish("globex", otherBack, other.browser)).statusCode).toBe(400);
  });

  it("sends the stored PKCE verifier: a wrong one makes the provider refuse the code", async () => {
    const account = accountAt(acme, {});
    const { location, browser } = await begin("acme");
    const back = await acme.signIn(location, account.sub);
    const rows = await test.database.db
      .select()
      .from(authChallenges)
      .where(eq(authChallenges.purpose, "oauth"));
    const nonce = location.searchParams.get("nonce");
    const row = rows.find((candidate) => (candidate.data as { nonce: string }).nonce === nonce);
    expect(row).toBeDefined();
    await test.database.db
      .update(authChallenges)
      .set({ data: { ...(row?.data as object), codeVerifier: "x".repeat(43) } })
      .where(eq(authChallenges.id, row?.id ?? ""));
    const response = await finish("acme", back, browser);
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toEqual({
      code: "oauth_provider_error",
      message: "Acme ID refused the sign-in (invalid_grant). Start the sign-in again.",
      params: { problem: "refused", provider: "Acme ID" },
    });
    const created = await test.database.db
      .select()
      .from(users)
      .where(eq(users.email, account.email));
    expect(created).toHaveLength(0);
  });
});

describe("usernames", () => {
  it("derive from the profile or the e-mail's local part", () => {
    expect(usernameBase({ preferredUsername: "Zoë Ben-David", email: null })).toBe("zoe_ben-david");
    expect(usernameBase({ preferredUsername: null, email: "a.b+x@example.com" })).toBe("a.b_x");
    expect(usernameBase({ preferredUsername: "אבי", email: null })).toBe("user");
    expect(usernameBase({ preferredUsername: "jo", email: null })).toBe("jo_user");
  });
});
