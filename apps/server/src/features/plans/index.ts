// Public API of the plans feature.
export type {
  BillingProvider,
  PlanChangeOptions,
  PlanChangeResult,
} from "./billing-provider.js";
export { createImmediateBillingProvider } from "./billing-provider.js";
export { billingRoutes } from "./billing-routes.js";
export type { PlanRequestService } from "./requests.js";
export { createPlanRequestService } from "./requests.js";
export { planRoutes } from "./routes.js";
export type { AdminPlanChange, Plan, PlanService } from "./service.js";
export { createPlanService } from "./service.js";
export type { StripeBilling } from "./stripe-billing.js";
export { createStripeBilling } from "./stripe-billing.js";
export type { StripeGateway } from "./stripe-gateway.js";
export { createStripeGateway } from "./stripe-gateway.js";
