// Public API of the health feature: GET /api/health.
export { healthRoutes } from "./routes.js";
