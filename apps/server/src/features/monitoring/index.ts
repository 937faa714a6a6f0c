// Public API of the metrics feature.
export { createRequestStats, type RequestStats, requestStatsPlugin } from "./request-stats.js";
export { metricsRoutes } from "./routes.js";
export {
  createOsReader,
  createSystemSampler,
  liveMetricsEnvelope,
  SAMPLE_METRICS,
  type SystemReading,
  type SystemSample,
  type SystemSampler,
} from "./sampler.js";
export {
  createMetricsService,
  METRIC_RETENTION_MS,
  type MetricsService,
} from "./service.js";
