// Public API of the analytics feature.

export {
  type ApiCallCounter,
  apiCallCountPlugin,
  createApiCallCounter,
} from "./api-call-counter.js";
export { type AnalyticsRollups, createAnalyticsRollups } from "./rollups.js";
export { analyticsRoutes } from "./routes.js";
export { type AnalyticsService, type CatalogReader, createAnalyticsService } from "./service.js";
