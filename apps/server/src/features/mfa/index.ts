// Public API of the two-factor sign-in feature.
export { mfaRoutes } from "./routes.js";
export type { MfaService, MfaStatus, SecondFactor, TotpSetup } from "./service.js";
export { createMfaService } from "./service.js";
