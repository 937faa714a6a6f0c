// HTTP of personal API keys: POST /api/me/api-keys {name, scopes, expiresAt?} → 201 {id, key} (the key shown only
// here); GET /api/me/api-keys → {items}; DELETE /api/me/api-keys/:id → 204. Keys themselves are refused here
// (API_KEY_REFUSED_ROUTES): only a signed-in session manages keys.
import { ApiKeyList, ApiKeyParams, CreateApiKeyBody, CreatedApiKey } from "@aacos/domain/api-keys";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf } from "../../platform/auth.js";
import { clientOf } from "../auth/index.js";
import type { ApiKeyService } from "./service.js";

function ownerOf(request: FastifyRequest) {
  return { ...clientOf(request), actorId: callerOf(request).user.id };
}

export async function apiKeyRoutes(app: FastifyInstance, deps: { apiKeys: ApiKeyService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.authenticate };

  api.post(
    "/api/me/api-keys",
    { ...signedIn, schema: { body: CreateApiKeyBody, response: { 201: CreatedApiKey } } },
    async (request, reply) => {
      const created = await deps.apiKeys.create(ownerOf(request), request.body);
      return reply.status(201).header("cache-control", "no-store").send(created);
    },
  );

  api.get(
    "/api/me/api-keys",
    { ...signedIn, schema: { response: { 200: ApiKeyList } } },
    async (request) => ({ items: await deps.apiKeys.list(ownerOf(request).actorId) }),
  );

  api.delete(
    "/api/me/api-keys/:id",
    { ...signedIn, schema: { params: ApiKeyParams } },
    async (request, reply) => {
      await deps.apiKeys.revoke(ownerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
