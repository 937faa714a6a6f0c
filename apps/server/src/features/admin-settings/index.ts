// Public API of the settings feature: the catalogue store, admin settings and the public site settings.
export {
  CATALOG_REFRESH_MS,
  type CatalogStore,
  createCatalogStore,
  DEFAULT_SITE_SETTINGS,
} from "./catalog-store.js";
export { CHECK_MESSAGES, createSettingsChecks, type SettingsChecks } from "./checks.js";
export { settingsRoutes } from "./routes.js";
export { createSettingsService, type SettingsService } from "./service.js";
