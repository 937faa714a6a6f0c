// Public API of the api-keys feature (docs/decisions/161-personal-api-keys.md).
export { apiKeyRoutes } from "./routes.js";
export {
  type ApiKeyService,
  createApiKeyService,
  hashApiKey,
  type ResolvedApiKey,
} from "./service.js";
