// HTTP of the workspace under /api/aacos: universes, entities, knowledge files, universe sync and reality-forge templates.

import {
  BackgroundRun,
  Entity,
  ForgedUniverse,
  KnowledgeFile,
  KnowledgeHit,
  listOf,
  replyOf,
  Universe,
  UniverseTemplate,
} from "@aacos/domain/replies";
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
import type { z } from "zod";
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
  /** A route of one universe, entity or template by id, and what it answers. */
  const withReply = <Reply extends z.ZodType>(reply: Reply) => ({
    ...signedIn,
    schema: { params: WorkspaceIdParams, response: { 200: reply } },
  });
  /** A route of one universe, entity or template by id that takes a body, and what it answers by status. */
  const withBody = <Body extends z.ZodType, Replies extends Record<number, z.ZodType>>(
    body: Body,
    response: Replies,
  ) => ({ ...signedIn, schema: { params: WorkspaceIdParams, body, response } });

  // Universes
  api.get(
    "/api/aacos/universes",
    {
      ...signedIn,
      schema: { querystring: UniverseListQuery, response: { 200: listOf(Universe) } },
    },
    async (request) => ({
      items: await workspace.listUniverses(callerOf(request).id, request.query.archived),
    }),
  );
  api.post(
    "/api/aacos/universes",
    {
      ...signedIn,
      schema: { body: CreateUniverseBody, response: { 201: replyOf("universe", Universe) } },
    },
    async (request, reply) => {
      const universe = await workspace.createUniverse(callerOf(request), request.body);
      return reply.status(201).send({ universe });
    },
  );
  api.get(
    "/api/aacos/universes/:id",
    withReply(replyOf("universe", Universe)),
    async (request) => ({
      universe: await workspace.getUniverse(callerOf(request).id, request.params.id),
    }),
  );
  api.patch(
    "/api/aacos/universes/:id",
    withBody(UpdateUniverseBody, { 200: replyOf("universe", Universe) }),
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
    {
      ...signedIn,
      schema: { body: UniverseSyncBody, response: { 202: replyOf("run", BackgroundRun) } },
    },
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
  api.get("/api/aacos/universes/:id/entities", withReply(listOf(Entity)), async (request) => ({
    items: await workspace.listEntities(callerOf(request).id, request.params.id),
  }));
  api.post(
    "/api/aacos/universes/:id/entities",
    withBody(CreateEntityBody, { 201: replyOf("entity", Entity) }),
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
    { ...signedIn, schema: { querystring: EntityListQuery, response: { 200: listOf(Entity) } } },
    async (request) => ({
      items: await workspace.listEntities(callerOf(request).id, request.query.universeId),
    }),
  );
  api.get("/api/aacos/entities/:id", withReply(replyOf("entity", Entity)), async (request) => ({
    entity: await workspace.getEntity(callerOf(request).id, request.params.id),
  }));
  api.patch(
    "/api/aacos/entities/:id",
    withBody(UpdateEntityBody, { 200: replyOf("entity", Entity) }),
    async (request) => ({
      entity: await workspace.updateEntity(callerOf(request).id, request.params.id, request.body),
    }),
  );
  api.delete("/api/aacos/entities/:id", byId, async (request, reply) => {
    await workspace.deleteEntity(callerOf(request).id, request.params.id);
    return reply.status(204).send();
  });

  // Knowledge
  api.get(
    "/api/aacos/entities/:id/knowledge",
    withReply(listOf(KnowledgeFile)),
    async (request) => ({
      items: await workspace.listKnowledge(callerOf(request).id, request.params.id),
    }),
  );
  api.post(
    "/api/aacos/entities/:id/knowledge",
    withBody(AddKnowledgeBody, { 201: replyOf("knowledgeFile", KnowledgeFile) }),
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
    {
      ...signedIn,
      schema: {
        params: WorkspaceIdParams,
        querystring: KnowledgeSearchQuery,
        response: { 200: listOf(KnowledgeHit) },
      },
    },
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
    withBody(SaveTemplateBody, { 201: replyOf("template", UniverseTemplate) }),
    async (request, reply) => {
      const template = await workspace.saveTemplate(
        callerOf(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ template });
    },
  );
  api.get(
    "/api/aacos/templates",
    { ...signedIn, schema: { response: { 200: listOf(UniverseTemplate) } } },
    async (request) => ({
      items: await workspace.listTemplates(callerOf(request).id),
    }),
  );
  api.delete("/api/aacos/templates/:id", byId, async (request, reply) => {
    await workspace.deleteTemplate(callerOf(request).id, request.params.id);
    return reply.status(204).send();
  });
  api.post(
    "/api/aacos/templates/:id/forge",
    withBody(ForgeTemplateBody, { 201: ForgedUniverse }),
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
