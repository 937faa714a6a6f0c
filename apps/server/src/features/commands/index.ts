// Public API of the command-centre feature.
export { commandRoutes } from "./routes.js";
export type { CommandService, CommandView, EntityAnswer, RunView } from "./service.js";
export { createCommandService } from "./service.js";
