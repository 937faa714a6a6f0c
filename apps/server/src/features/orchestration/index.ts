// Public API of entity orchestration: the service, its routes, and the guard the AI gateway puts around entities.
export { guardDirectory } from "./holds.js";
export { orchestrationRoutes } from "./routes.js";
export { createOrchestrationService, type OrchestrationService } from "./service.js";
