// HTTP of the workspace under /api/aacos: universes, entities, knowledge files, universe sync and reality-forge templates.
import {
  AddKnowledgeBody,
  CreateEntityBody,
  CreateUniverseBody,
  EntityListQuery,
  ForgeTemplateBody,
  KnowledgeFileParams,
  KnowledgeSearchQuery,
  SaveTemplateBody,
  UniverseListQuery,
  UniverseSyncBody,
  UpdateEntityBody,
  UpdateUniverseBody,
  WorkspaceIdParams,
} from "@aacos/domain/validation";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf as signedInCaller } from "../../platform/auth.js";
import type { WorkspaceService } from "./service.js";
import type { WorkspaceCaller } from "./types.js";

function callerOf(request: FastifyRequest): WorkspaceCaller {
  const { user, tier, world } = signedInCaller(request);
  return { id: user.id, tier, world };
}

export async function workspaceRoutes(app: FastifyInstance, deps: { workspace: WorkspaceService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { workspace } = deps;
  const signedIn = { onRequest: app.authenticate };
  const byId = { ...signedIn, schema: { params: WorkspaceIdParams } };

  // Universes
  api.get(
    "/api/aacos/universes",
    { ...signedIn, schema: { querystring: UniverseListQuery } },
    async (request) => ({
      items: await workspace.listUniverses(callerOf(request).id, request.query.archived),
    }),
  );
  api.post(
    "/api/aacos/universes",
    { ...signedIn, schema: { body: CreateUniverseBody } },
    async (request, reply) => {
      const universe = await workspace.createUniverse(callerOf(request), request.body);
      return reply.status(201).send({ universe });
    },
  );
  api.get("/api/aacos/universes/:id", byId, async (request) => ({
    universe: await workspace.getUniverse(callerOf(request).id, request.params.id),
  }));
  api.patch(
    "/api/aacos/universes/:id",
    { ...signedIn, schema: { params: WorkspaceIdParams, body: UpdateUniverseBody } },
    async (request) => ({
      universe: await workspace.updateUniverse(callerOf(request), request.params.id, request.body),
    }),
  );
  api.delete("/api/aacos/universes/:id", byId, async (request, reply) => {
    await workspace.deleteUniverse(callerOf(request).id, request.params.id);
    return reply.status(204).send();
  });
  api.post(
    "/api/aacos/universe/sync",
    { ...signedIn, schema: { body: UniverseSyncBody } },
    async (request, reply) => {
      // A job now (features/jobs): the run answers queued and goes running → succeeded/failed.
      const run = await app.services.backgroundRuns.startSync(
        callerOf(request).id,
        request.body.universeId,
      );
      return reply.status(202).send({ run });
    },
  );

  // Entities
  api.get("/api/aacos/universes/:id/entities", byId, async (request) => ({
    items: await workspace.listEntities(callerOf(request).id, request.params.id),
  }));
  api.post(
    "/api/aacos/universes/:id/entities",
    { ...signedIn, schema: { params: WorkspaceIdParams, body: CreateEntityBody } },
    async (request, reply) => {
      const entity = await workspace.createEntity(
        callerOf(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ entity });
    },
  );
  api.get(
    "/api/aacos/entities",
    { ...signedIn, schema: { querystring: EntityListQuery } },
    async (request) => ({
      items: await workspace.listEntities(callerOf(request).id, request.query.universeId),
    }),
  );
  api.get("/api/aacos/entities/:id", byId, async (request) => ({
    entity: await workspace.getEntity(callerOf(request).id, request.params.id),
  }));
  api.patch(
    "/api/aacos/entities/:id",
    { ...signedIn, schema: { params: WorkspaceIdParams, body: UpdateEntityBody } },
    async (request) => ({
      entity: await workspace.updateEntity(callerOf(request).id, request.params.id, request.body),
    }),
  );
  api.delete("/api/aacos/entities/:id", byId, async (request, reply) => {
    await workspace.deleteEntity(callerOf(request).id, request.params.id);
    return reply.status(204).send();
  });

  // Knowledge
  api.get("/api/aacos/entities/:id/knowledge", byId, async (request) => ({
    items: await workspace.listKnowledge(callerOf(request).id, request.params.id),
  }));
  api.post(
    "/api/aacos/entities/:id/knowledge",
    { ...signedIn, schema: { params: WorkspaceIdParams, body: AddKnowledgeBody } },
    async (request, reply) => {
      const knowledgeFile = await workspace.addKnowledge(
        callerOf(request),
        request.params.id,
        request.body.fileId,
      );
      return reply.status(201).send({ knowledgeFile });
    },
  );
  api.delete(
    "/api/aacos/entities/:id/knowledge/:knowledgeFileId",
    { ...signedIn, schema: { params: KnowledgeFileParams } },
    async (request, reply) => {
      const { id, knowledgeFileId } = request.params;
      await workspace.removeKnowledge(callerOf(request).id, id, knowledgeFileId);
      return reply.status(204).send();
    },
  );
  api.get(
    "/api/aacos/entities/:id/knowledge/search",
    { ...signedIn, schema: { params: WorkspaceIdParams, querystring: KnowledgeSearchQuery } },
    async (request) => {
      const entity = await workspace.getEntity(callerOf(request).id, request.params.id);
      return {
        items: await workspace.searchKnowledge(entity.id, request.query.q, request.query.limit),
      };
    },
  );

  // Reality forge
  api.post(
    "/api/aacos/universes/:id/template",
    { ...signedIn, schema: { params: WorkspaceIdParams, body: SaveTemplateBody } },
    async (request, reply) => {
      const template = await workspace.saveTemplate(
        callerOf(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ template });
    },
  );
  api.get("/api/aacos/templates", signedIn, async (request) => ({
    items: await workspace.listTemplates(callerOf(request).id),
  }));
  api.delete("/api/aacos/templates/:id", byId, async (request, reply) => {
    await workspace.deleteTemplate(callerOf(request).id, request.params.id);
    return reply.status(204).send();
  });
  api.post(
    "/api/aacos/templates/:id/forge",
    { ...signedIn, schema: { params: WorkspaceIdParams, body: ForgeTemplateBody } },
    async (request, reply) => {
      const forged = await workspace.forgeTemplate(
        callerOf(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(forged);
    },
  );
}
