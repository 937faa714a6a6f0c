// Public API of the alerts feature.
export { alertRoutes } from "./routes.js";
export {
  type AlertCaller,
  type AlertService,
  type AlertSignal,
  type AlertView,
  alertView,
  createAlertService,
  MAX_RULES_PER_USER,
} from "./service.js";
export { deliverWebhook, signPayload, WEBHOOK_RETRIES, webhookSecret } from "./webhook.js";
