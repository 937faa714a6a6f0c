// Public API of the OAuth (OpenID Connect sign-in) feature.
export type { IdentityProviders, ProviderIdentity } from "./identity-providers.js";
export { createIdentityProviders } from "./identity-providers.js";
export { OAUTH_BROWSER_COOKIE, OAuthCallbackBody, oauthRoutes } from "./routes.js";
export type { OAuthService } from "./service.js";
export { createOAuthService } from "./service.js";
