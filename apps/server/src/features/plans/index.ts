// Public API of the plans feature.
export type {
  BillingProvider,
  PlanChangeOptions,
  PlanChangeResult,
} from "./billing-provider.js";
export { createImmediateBillingProvider } from "./billing-provider.js";
export { planRoutes } from "./routes.js";
export type { AdminPlanChange, Plan, PlanService } from "./service.js";
export { createPlanService } from "./service.js";
