// Public API of the security feature.
export { createRequestCounter, requestBurstPlugin } from "./request-burst-hook.js";
export { SECURITY_REPORT_RATES, securityRoutes } from "./routes.js";
export type { SecurityIncidentRow, SecurityService } from "./service.js";
export { BURST_ACTIVITY, createSecurityService } from "./service.js";
