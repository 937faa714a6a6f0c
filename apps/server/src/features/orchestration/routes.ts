// HTTP of entity orchestration under /api/orchestration: the entity list, the configured models, the per-entity
// actions and one bulk request with a result per entity. Admins and operators act on anyone's entities, others on
// their own (the same rule as /entity-orchestration and /ai/entity-orchestration in the browser).
import {
  BulkOrchestrationBody,
  OrchestrationEntityParams,
  OrchestrationListQuery,
  ReassignModelBody,
} from "@aacos/domain/orchestration";
import {
  BulkResults,
  ConfiguredModels,
  OrchestratedEntity,
  OrchestrationPage,
  replyOf,
} from "@aacos/domain/replies";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf as signedInCaller } from "../../platform/auth.js";
import { clientOf } from "../auth/index.js";
import type { OrchestrationCaller, OrchestrationService } from "./service.js";

function callerOf(request: FastifyRequest): OrchestrationCaller {
  const { user, roles, permissions } = signedInCaller(request);
  return { userId: user.id, roles, permissions, context: clientOf(request) };
}

export async function orchestrationRoutes(
  app: FastifyInstance,
  deps: { orchestration: OrchestrationService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: app.authenticate };
  const { orchestration } = deps;

  api.get(
    "/api/orchestration/entities",
    {
      ...signedIn,
      schema: { querystring: OrchestrationListQuery, response: { 200: OrchestrationPage } },
    },
    async (request) => orchestration.list(callerOf(request), request.query),
  );

  api.get(
    "/api/orchestration/models",
    { ...signedIn, schema: { response: { 200: ConfiguredModels } } },
    async () => orchestration.models(),
  );

  for (const action of ["pause", "resume", "stop"] as const) {
    api.post(
      `/api/orchestration/entities/:id/${action}`,
      {
        ...signedIn,
        schema: {
          params: OrchestrationEntityParams,
          response: { 200: replyOf("entity", OrchestratedEntity) },
        },
      },
      async (request) => ({
        entity: await orchestration.act(callerOf(request), request.params.id, action),
      }),
    );
  }

  api.put(
    "/api/orchestration/entities/:id/model",
    {
      ...signedIn,
      schema: {
        params: OrchestrationEntityParams,
        body: ReassignModelBody,
        response: { 200: replyOf("entity", OrchestratedEntity) },
      },
    },
    async (request) => ({
      entity: await orchestration.reassign(
        callerOf(request),
        request.params.id,
        request.body.model,
      ),
    }),
  );

  api.post(
    "/api/orchestration/bulk",
    { ...signedIn, schema: { body: BulkOrchestrationBody, response: { 200: BulkResults } } },
    async (request) => ({ results: await orchestration.bulk(callerOf(request), request.body) }),
  );
}
