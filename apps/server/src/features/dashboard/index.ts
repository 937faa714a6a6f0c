// Public API of the dashboard feature.
export { dashboardRoutes } from "./routes.js";
export type {
  ActivityPage,
  DashboardMetrics,
  DashboardService,
  DashboardStats,
  HourPoint,
} from "./service.js";
export { createDashboardService } from "./service.js";
