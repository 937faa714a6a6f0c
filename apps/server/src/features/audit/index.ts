// Public API of the audit feature.
export type { AuditAction, AuditContext, AuditService } from "./service.js";
export { createAuditService } from "./service.js";
