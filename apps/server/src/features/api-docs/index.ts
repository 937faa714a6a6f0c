export { buildOpenApi, openApiPath } from "./openapi.js";
export { apiDocsRoutes } from "./routes.js";
