// Public API of the error-reports feature.
export { ERROR_REPORT_RATE, errorReportRoutes } from "./routes.js";
export type { ErrorReportRow, ErrorReportService } from "./service.js";
export { createErrorReportService, fingerprintOf } from "./service.js";
