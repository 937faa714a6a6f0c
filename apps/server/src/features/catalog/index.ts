// Public API of the catalogue feature: GET /api/catalog, the live catalogue as the browser reads it.
export { catalogRoutes } from "./routes.js";
