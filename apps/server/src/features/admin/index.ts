// Public API of the admin console feature: its routes (audit log, CSV export, security incidents, mail status).
export { adminRoutes } from "./routes.js";
