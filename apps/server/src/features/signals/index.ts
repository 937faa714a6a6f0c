// Public API of the signal hub: the service, its route, and the shapes other features' events take as signals.
export {
  createQuotaSignaller,
  progressSignal,
  progressSignals,
  quotaSignal,
  runSignal,
  securitySignal,
  syncSignal,
} from "./emitters.js";
export { signalRoutes, signedInUserId } from "./routes.js";
export type {
  SignalFilter,
  SignalInput,
  SignalPage,
  SignalService,
  SignalView,
} from "./service.js";
export { createSignalService } from "./service.js";
