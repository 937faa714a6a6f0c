// Public API of the analytics feature.
export { analyticsRoutes } from "./routes.js";
export { type AnalyticsService, type CatalogReader, createAnalyticsService } from "./service.js";
