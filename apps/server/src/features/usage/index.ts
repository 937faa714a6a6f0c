// Public API of the usage feature: GET /api/usage/me.
export { usageRoutes } from "./routes.js";
