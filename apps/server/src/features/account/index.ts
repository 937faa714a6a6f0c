// Public API of the account feature ("Your data" and the desktop layout).

export { eraseUser } from "./erase.js";
export { type OwnedTable, ownedTables } from "./owned-tables.js";
export { accountRoutes } from "./routes.js";
export { type AccountDataService, createAccountDataService } from "./service.js";
