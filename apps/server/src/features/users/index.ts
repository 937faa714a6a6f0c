// Public API of the users feature.
export { userRoutes } from "./routes.js";
export type { UserService } from "./service.js";
export { createUserService } from "./service.js";
