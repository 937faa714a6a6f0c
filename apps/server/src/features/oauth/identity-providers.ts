// The network edge of OAuth: OpenID Connect providers through openid-client, discovered lazily and cached.
import type { OauthProviderProblem } from "@aacos/domain/errors";
import type { FastifyBaseLogger } from "fastify";
import * as oidc from "openid-client";
import type { OidcProviderConfig } from "../../config.js";
import { AppError, notFound } from "../../platform/errors.js";

/** Who the provider says signed in. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  /** Only a literal yes from the provider counts. */
  emailVerified: boolean;
  preferredUsername: string | null;
  name: string | null;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface CodeExchange {
  redirectUri: string;
  code: string;
  state: string;
  /** The `iss` the provider put on the redirect (RFC 9207), when the browser passed it on. */
  iss: string | undefined;
  nonce: string;
  codeVerifier: string;
}

export interface IdentityProviders {
  list(): { id: string; label: string }[];
  find(id: string): OidcProviderConfig | undefined;
  authorizationUrl(id: string, request: AuthorizationRequest): Promise<URL>;
  exchange(id: string, exchange: CodeExchange): Promise<ProviderIdentity>;
}

export const providerError = (provider: string, problem: OauthProviderProblem, message: string) =>
  new AppError("oauth_provider_error", 502, message, {
    params: { problem, provider },
  });

const DISCOVERY_TIMEOUT_SECONDS = 10;

export function createIdentityProviders(
  configs: OidcProviderConfig[],
  log: FastifyBaseLogger,
): IdentityProviders {
  const byId = new Map(configs.map((config) => [config.id, config]));
  const discovered = new Map<string, Promise<oidc.Configuration>>();

  function configurationOf(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    const cached = discovered.get(provider.id);
    if (cached !== undefined) return cached;
    const issuer = new URL(provider.issuer);
    const pending = oidc.discovery(
      issuer,
      provider.clientId,
      { client_secret: provider.clientSecret },
      oidc.ClientSecretBasic(provider.clientSecret),
      {
        timeout: DISCOVERY_TIMEOUT_SECONDS,
        // config.ts allows http:// only for loopback issuers.
        ...(issuer.protocol === "http:" ? { execute: [oidc.allowInsecureRequests] } : {}),
      },
    );
    // A failed discovery is not cached: the next sign-in tries again.
    pending.catch(() => discovered.delete(provider.id));
    discovered.set(provider.id, pending);
    return pending;
  }

  function require(id: string): OidcProviderConfig {
    const provider = byId.get(id);
    if (provider === undefined) throw notFound("sign_in_provider", "No such sign-in provider");
    return provider;
  }

  async function reachable(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    try {
      return await configurationOf(provider);
    } catch (error) {
      log.warn({ err: error, provider: provider.id }, "OpenID Connect discovery failed");
      throw providerError(
        provider.label,
        "unreachable",
        `${provider.label} cannot be reached right now. Try again later.`,
      );
    }
  }

  return {
    list: () => configs.map(({ id, label }) => ({ id, label })),
    find: (id) => byId.get(id),

    async authorizationUrl(id, request) {
      const configuration = await reachable(require(id));
      return oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: request.redirectUri,
        scope: "openid email profile",
        response_type: "code",
        state: request.state,
        nonce: request.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: "S256",
      });
    },

    async exchange(id, exchange) {
      const provider = require(id);
      const configuration = await reachable(provider);
      const callback = new URL(exchange.redirectUri);
      callback.searchParams.set("code", exchange.code);
      callback.searchParams.set("state", exchange.state);
      // RFC 9207: a provider announcing `iss` on redirects must be checked for it. When the browser
      // did not pass it on, the provider is still pinned: each provider has its own redirect URI
      // and the stored state names the provider (RFC 9700 §4.4.2).
      const iss =
        exchange.iss ??
        (configuration.serverMetadata().authorization_response_iss_parameter_supported
          ? configuration.serverMetadata().issuer
          : undefined);
      if (iss !== undefined) callback.searchParams.set("iss", iss);
      try {
        const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
          pkceCodeVerifier: exchange.codeVerifier,
          expectedState: exchange.state,
          expectedNonce: exchange.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (idToken === undefined) throw new Error("no ID token");
        let claims: Record<string, unknown> = idToken;
        // Spec-conforming providers may keep email and profile claims for the userinfo endpoint.
        if (idToken.email === undefined && configuration.serverMetadata().userinfo_endpoint) {
          const info = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
          claims = { ...info, ...idToken, email: info.email, email_verified: info.email_verified };
        }
        return identityOf(idToken.sub, claims);
      } catch (error) {
        log.warn({ err: error, provider: id }, "OpenID Connect code exchange failed");
        if (error instanceof oidc.ResponseBodyError) {
          throw providerError(
            provider.label,
            "refused",
            `${provider.label} refused the sign-in (${error.error}). Start the sign-in again.`,
          );
        }
        if (error instanceof oidc.ClientError || error instanceof oidc.AuthorizationResponseError) {
          throw providerError(
            provider.label,
            "unverified",
            `${provider.label}'s answer could not be verified. Try again.`,
          );
        }
        throw providerError(
          provider.label,
          "unreachable",
          `${provider.label} cannot be reached right now. Try again later.`,
        );
      }
    },
  };
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

function identityOf(subject: string, claims: Record<string, unknown>): ProviderIdentity {
  return {
    subject,
    email: text(claims.email)?.toLowerCase() ?? null,
    // Some providers send the boolean as a string.
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    preferredUsername: text(claims.preferred_username),
    name: text(claims.name),
  };
}
