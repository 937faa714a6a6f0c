// Public API of the setup feature.
export { setupRoutes } from "./routes.js";
export type { SetupService } from "./service.js";
export { createSetupService, INVALID_SETUP_LINK } from "./service.js";
