// Public API of the batch feature.
export { batchRoutes } from "./routes.js";
export type { BatchService, Dispatch } from "./service.js";
export { BatchBody, createBatchService } from "./service.js";
