// Public API of the progression feature: other features report actions with `recordAction(userId, action, key)`.
export { countSignIn, creditWorldChange } from "./account-hooks.js";
export { apiCallProgressPlugin } from "./api-call-hook.js";
export {
  type BoardStore,
  createMemoryBoardStore,
  createRedisBoardStore,
  createSqlBoardStore,
} from "./board-store.js";
export type { Grant, ProgressSignal, ProgressSignals } from "./ledger.js";
export { progressionRoutes } from "./routes.js";
export type {
  ActionResult,
  Every,
  LedgerItem,
  ProgressionService,
  ProgressRecord,
} from "./service.js";
export { API_CALL_FLUSH_MS, createProgressionService, logSignals } from "./service.js";
