// Public API of the passkeys feature.
export { passkeyRoutes } from "./routes.js";
export type { PasskeyService, RelyingParty } from "./service.js";
export { createPasskeyService, relyingPartyFor } from "./service.js";
