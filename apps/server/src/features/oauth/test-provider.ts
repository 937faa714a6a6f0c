// A real OpenID Connect provider (oidc-provider, in memory, on a loopback port) for server and browser tests.
/// <reference path="./oidc-provider.d.ts" />
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { type Account } from "oidc-provider";

export interface TestAccount {
  /** The account id typed into the dev login form, and the `sub` claim. */
  sub: string;
  email?: string;
  emailVerified?: boolean;
  preferredUsername?: string;
  name?: string;
}

export interface TestProviderOptions {
  /** Where the provider may send the code back, e.g. `${publicUrl}/auth/oauth/acme/callback`. */
  redirectUris: string[];
  accounts?: TestAccount[];
  clientId?: string;
  clientSecret?: string;
  /** 0 picks a free port. */
  port?: number;
  /**
   * Put the email and profile claims into the ID token too (as Google does). By default the
   * provider follows the spec and serves them from the userinfo endpoint only.
   */
  claimsInIdToken?: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by `sub`; tests may add more at any time. */
  accounts: Map<string, TestAccount>;
  /** The OIDC_* variables that configure this provider under `name` in loadConfig(). */
  env(name: string, label?: string): Record<string, string>;
  /**
   * Signs `sub` in without a browser: follows the authorization URL, fills the dev login and
   * consent forms, and returns the URL the provider redirects back to (with code, state, iss).
   */
  signIn(authorizationUrl: string | URL, sub: string): Promise<URL>;
  close(): Promise<void>;
}

function claimsOf(account: TestAccount) {
  return {
    sub: account.sub,
    ...(account.email !== undefined ? { email: account.email } : {}),
    ...(account.emailVerified !== undefined ? { email_verified: account.emailVerified } : {}),
    ...(account.preferredUsername !== undefined
      ? { preferred_username: account.preferredUsername }
      : {}),
    ...(account.name !== undefined ? { name: account.name } : {}),
  };
}

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const clientId = options.clientId ?? "aacos-test";
  const clientSecret = options.clientSecret ?? randomBytes(24).toString("base64url");
  const accounts = new Map((options.accounts ?? []).map((account) => [account.sub, account]));

  // The issuer names the port, so the server listens before the provider exists.
  let handler: (request: IncomingMessage, response: ServerResponse) => void = (_, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server = createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    async findAccount(_context, id): Promise<Account | undefined> {
      const account = accounts.get(id);
      if (account === undefined) return undefined;
      return { accountId: id, claims: () => claimsOf(account) };
    },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "preferred_username"],
    },
    conformIdTokenClaims: !(options.claimsInIdToken ?? false),
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: "RS256", use: "sig" }] },
  });
  handler = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    env(name, label) {
      const key = name.toUpperCase().replaceAll("-", "_");
      return {
        OIDC_PROVIDERS: name,
        [`OIDC_${key}_ISSUER`]: issuer,
        [`OIDC_${key}_CLIENT_ID`]: clientId,
        [`OIDC_${key}_CLIENT_SECRET`]: clientSecret,
        ...(label !== undefined ? { [`OIDC_${key}_LABEL`]: label } : {}),
      };
    },
    signIn: (authorizationUrl, sub) => driveDevInteraction(issuer, new URL(authorizationUrl), sub),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Follows redirects with a cookie jar, posting the dev login and consent forms on the way. */
async function driveDevInteraction(issuer: string, start: URL, sub: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  let init: RequestInit = { method: "GET" };
  for (let step = 0; step < 12; step++) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      if (value === "" || /expires=Thu, 01 Jan 1970/i.test(header)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location !== null) {
      url = new URL(location, url);
      init = { method: "GET" };
      if (url.origin !== new URL(issuer).origin) return url;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(login|consent)"/.exec(html)?.[1];
    if (response.status !== 200 || action === undefined || prompt === undefined) {
      throw new Error(`test provider answered ${response.status}: ${html.slice(0, 300)}`);
    }
    const form = new URLSearchParams(
      prompt === "login" ? { prompt, login: sub, password: "any" } : { prompt },
    );
    url = new URL(action.replaceAll("&amp;", "&"), url);
    init = {
      method: "POST",
      body: form.toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    };
  }
  throw new Error("test provider: too many steps before the redirect back");
}
