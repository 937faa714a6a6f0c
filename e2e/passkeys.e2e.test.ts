// Passkeys against Chromium's virtual authenticator: register two, then sign in password-less and as a second factor.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { api, registerAccount } from "./support/api.js";
import { browser, openPage } from "./support/browser.js";

async function withAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** Runs a WebAuthn ceremony in the page: fetch options from the API, call the authenticator, post the answer. */
function ceremony(
  page: Page,
  kind: "register" | "login",
  args: { token?: string; mfaToken?: string; name?: string },
) {
  return page.evaluate(
    async ({ kind, args }) => {
      const toBytes = (value: string) =>
        Uint8Array.from(
          atob(
            value
              .replace(/-/g, "+")
              .replace(/_/g, "/")
              .padEnd(Math.ceil(value.length / 4) * 4, "="),
          ),
          (c) => c.charCodeAt(0),
        );
      const toText = (buffer: ArrayBuffer | null) =>
        buffer === null
          ? undefined
          : btoa(String.fromCharCode(...new Uint8Array(buffer)))
              .replace(/\+/g, "-")
              .replace(/\//g, "_")
              .replace(/=+$/, "");
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (args.token) headers.authorization = `Bearer ${args.token}`;
      const post = (url: string, body: unknown) =>
        fetch(url, { method: "POST", headers, body: JSON.stringify(body) }).then(async (r) => ({
          status: r.status,
          body: await r.json(),
        }));
      const base = `/api/auth/passkeys/${kind}`;
      const { status, body } = await post(
        `${base}/options`,
        kind === "login" ? { mfaToken: args.mfaToken } : {},
      );
      if (status !== 200) return { status, body };
      const options = body.options;
      const withIds = (list: { id: string }[] | undefined) =>
        (list ?? []).map((c) => ({ ...c, id: toBytes(c.id) }));
      const publicKey = { ...options, challenge: toBytes(options.challenge) };
      const credential = (
        kind === "register"
          ? await navigator.credentials.create({
              publicKey: {
                ...publicKey,
                user: { ...options.user, id: toBytes(options.user.id) },
                excludeCredentials: withIds(options.excludeCredentials),
              },
            })
          : await navigator.credentials.get({
              publicKey: { ...publicKey, allowCredentials: withIds(options.allowCredentials) },
            })
      ) as PublicKeyCredential;
      const response = credential.response;
      const assertion = response as AuthenticatorAssertionResponse;
      const answer =
        response instanceof AuthenticatorAttestationResponse
          ? {
              clientDataJSON: toText(response.clientDataJSON),
              attestationObject: toText(response.attestationObject),
              transports: response.getTransports(),
            }
          : {
              clientDataJSON: toText(assertion.clientDataJSON),
              authenticatorData: toText(assertion.authenticatorData),
              signature: toText(assertion.signature),
              userHandle: toText(assertion.userHandle),
            };
      return post(`${base}/verify`, {
        challengeId: body.challengeId,
        ...(kind === "register" ? { name: args.name } : { mfaToken: args.mfaToken }),
        response: {
          id: credential.id,
          rawId: toText(credential.rawId),
          type: credential.type,
          clientExtensionResults: {},
          response: answer,
        },
      });
    },
    { kind, args },
  );
}

describe("passkeys", () => {
  it("register, sign in without a password, and serve as the second factor", async () => {
    const account = await registerAccount("pk");
    const page = await openPage(browser, "/");
    await withAuthenticator(page);

    const added = await ceremony(page, "register", { token: account.token, name: "Laptop" });
    expect(added).toMatchObject({ status: 201 });
    expect(added.body.passkey.name).toBe("Laptop");
    const listed = await api<{ items: { name: string }[] }>("/api/auth/passkeys", {
      token: account.token,
    });
    expect(listed.body.items.map((item) => item.name)).toEqual(["Laptop"]);

    const passwordless = await ceremony(page, "login", {});
    expect(passwordless.status).toBe(200);
    expect(passwordless.body.user.id).toBe(account.id);
    expect(passwordless.body.token).toEqual(expect.any(String));

    // With a passkey on the account, the password alone no longer signs in.
    const login = await api<{ mfaRequired: boolean; mfaToken: string; methods: string[] }>(
      "/api/auth/login",
      {
        body: { email: account.email, password: account.password },
      },
    );
    expect(login.body).toMatchObject({
      mfaRequired: true,
      methods: expect.arrayContaining(["webauthn"]),
    });
    const second = await ceremony(page, "login", { mfaToken: login.body.mfaToken });
    expect(second.status).toBe(200);
    expect(second.body.user.id).toBe(account.id);

    // A forged step token is refused before any ceremony starts.
    const forged = await ceremony(page, "login", { mfaToken: "forged" });
    expect(forged.status).toBe(401);
    await page.context().close();
  });
});
