// The reality forge: a universe saved as a template (its entities, prompts, settings and knowledge references), the
// templates a user may see, and a new universe forged from one under the same caps as making it by hand.

import { tierHasFeature, WORLDS } from "@aacos/domain/catalog";
import type { SaveTemplateBody } from "@aacos/domain/validation";
import { checkNewEntity, WORKSPACE_MESSAGES } from "@aacos/domain/workspace";
import { and, desc, eq, or, sql } from "drizzle-orm";
import { entities, files, knowledgeFiles, universeTemplates } from "../../db/schema.js";
import { AppError, notFound } from "../../platform/errors.js";
import { featureLocked } from "../../platform/feature-gate.js";
import { worldByName } from "../../platform/live-catalog.js";
import { limitReached, UUID, type WorkspaceContext } from "./context.js";
import type { EntityActions } from "./entities.js";
import type { KnowledgeIndex } from "./indexing.js";
import type { Entity, Universe, UniverseTemplate, WorkspaceCaller } from "./types.js";

/** What a template stores (universe_templates.content). */
interface TemplateContent {
  version: 1;
  universe: { name: string; description: string };
  entities: {
    name: string;
    role: string;
    systemPrompt: string;
    model: string | null;
    temperature: number;
    knowledge: { fileId: string; name: string }[];
  }[];
}

/** 403 naming the first world with the reality forge (it is a world feature, not a tier flag). */
function realityForgeLocked(caller: WorkspaceCaller): AppError {
  const world = WORLDS.find((candidate) => candidate.features.realityForge)?.tier ?? "cosmic";
  return new AppError("feature_locked", 403, WORKSPACE_MESSAGES.realityForgeLocked(caller.world), {
    params: { feature: "realityForge", plan: world },
    extra: { suggestedWorld: world, upgradeUrl: `/tiers?world=${world}`, reason: "realityForge" },
  });
}

export function createTemplateActions(
  ctx: WorkspaceContext,
  index: KnowledgeIndex,
  entityActions: Pick<EntityActions, "listEntities">,
) {
  const { deps, db, clock, deleteOwn, insertUniverse, limitsOf, record, universeOf } = ctx;
  const { indexKnowledge } = index;

  function requireRealityForge(caller: WorkspaceCaller): void {
    if (!worldByName(caller.world).features.realityForge) throw realityForgeLocked(caller);
  }

  const actions = {
    /** Saves a universe's entities, prompts, settings and knowledge references; publishing needs publicSharing. */
    async saveTemplate(
      caller: WorkspaceCaller,
      universeId: string,
      body: SaveTemplateBody,
    ): Promise<UniverseTemplate> {
      requireRealityForge(caller);
      const isPublic = body.isPublic ?? false;
      if (isPublic && !tierHasFeature(caller.tier, "publicSharing")) {
        throw featureLocked("publicSharing");
      }
      const universe = await universeOf(db, caller.id, universeId);
      const members = await entityActions.listEntities(caller.id, universe.id);
      const references = await db
        .select({
          entityId: knowledgeFiles.entityId,
          fileId: knowledgeFiles.fileId,
          name: files.name,
        })
        .from(knowledgeFiles)
        .innerJoin(files, eq(files.id, knowledgeFiles.fileId))
        .innerJoin(entities, eq(entities.id, knowledgeFiles.entityId))
        .where(and(eq(entities.universeId, universe.id), eq(knowledgeFiles.userId, caller.id)));
      const content: TemplateContent = {
        version: 1,
        universe: { name: universe.name, description: universe.description },
        entities: members.map((entity) => ({
          name: entity.name,
          role: entity.role,
          systemPrompt: entity.systemPrompt,
          model: entity.model,
          temperature: entity.temperature,
          knowledge: references
            .filter((reference) => reference.entityId === entity.id)
            .map(({ fileId, name }) => ({ fileId, name })),
        })),
      };
      const [row] = await db
        .insert(universeTemplates)
        .values({
          userId: caller.id,
          name: body.name,
          description: body.description ?? universe.description,
          content,
          isPublic,
          createdAt: clock(),
        })
        .returning({ id: universeTemplates.id });
      if (row === undefined) throw new Error("template insert returned no row");
      const saved = (await actions.listTemplates(caller.id)).find((item) => item.id === row.id);
      if (saved === undefined) throw new Error("saved template not found");
      return saved;
    },

    /** The user's own templates and everyone's public ones, newest first. */
    async listTemplates(userId: string): Promise<UniverseTemplate[]> {
      const rows = await db
        .select({
          id: universeTemplates.id,
          userId: universeTemplates.userId,
          name: universeTemplates.name,
          description: universeTemplates.description,
          isPublic: universeTemplates.isPublic,
          entityCount: sql<number>`coalesce(jsonb_array_length(${universeTemplates.content} -> 'entities'), 0)::int`,
          createdAt: universeTemplates.createdAt,
        })
        .from(universeTemplates)
        .where(or(eq(universeTemplates.userId, userId), eq(universeTemplates.isPublic, true)))
        .orderBy(desc(universeTemplates.createdAt), desc(universeTemplates.id))
        .limit(200);
      return rows.map((row) => ({ ...row, mine: row.userId === userId }));
    },

    async deleteTemplate(userId: string, id: string): Promise<void> {
      await deleteOwn(universeTemplates, userId, id, () =>
        notFound("template", "No such template"),
      );
    },

    /**
     * A new universe from a template (own or public) with copies of its entities, under the same caps as creating
     * them by hand. Knowledge is re-indexed only from files the caller still owns; references to others' files are
     * dropped, since uploads are private.
     */
    async forgeTemplate(
      caller: WorkspaceCaller,
      templateId: string,
      body: { name: string },
    ): Promise<{ universe: Universe; entities: Entity[] }> {
      requireRealityForge(caller);
      if (!UUID.test(templateId)) throw notFound("template", "No such template");
      const [template] = await db
        .select({ content: universeTemplates.content })
        .from(universeTemplates)
        .where(
          and(
            eq(universeTemplates.id, templateId),
            or(eq(universeTemplates.userId, caller.id), eq(universeTemplates.isPublic, true)),
          ),
        );
      if (template === undefined) throw notFound("template", "No such template");
      const content = template.content as TemplateContent;
      const entityCheck = checkNewEntity(content.entities.length - 1, limitsOf(caller));
      if (content.entities.length > 0 && !entityCheck.ok) throw limitReached(caller, entityCheck);

      const created = await db.transaction(async (tx) => {
        const universeId = await insertUniverse(tx, caller, {
          name: body.name,
          description: content.universe.description,
        });
        const now = clock();
        const made: { id: string; knowledge: TemplateContent["entities"][number]["knowledge"] }[] =
          [];
        for (const source of content.entities) {
          const [row] = await tx
            .insert(entities)
            .values({
              universeId,
              userId: caller.id,
              name: source.name,
              role: source.role,
              systemPrompt: source.systemPrompt,
              model: source.model,
              temperature: source.temperature,
              status: "idle",
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: entities.id });
          if (row === undefined) throw new Error("entity insert returned no row");
          made.push({ id: row.id, knowledge: source.knowledge });
        }
        return { universeId, made };
      });

      for (const entity of created.made) {
        for (const reference of entity.knowledge) {
          const [owned] = await db
            .select({ id: files.id })
            .from(files)
            .where(and(eq(files.userId, caller.id), sql`${files.id}::text = ${reference.fileId}`));
          if (owned === undefined) continue;
          try {
            await indexKnowledge(caller, entity.id, owned.id);
          } catch (error) {
            deps.log?.warn({ err: error, fileId: owned.id }, "forged knowledge not indexed");
          }
        }
      }
      await record(caller.id, "universeCreated", created.universeId);
      return {
        universe: await universeOf(db, caller.id, created.universeId),
        entities: await entityActions.listEntities(caller.id, created.universeId),
      };
    },
  };
  return actions;
}
