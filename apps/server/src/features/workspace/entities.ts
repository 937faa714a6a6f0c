// Entities: listed per universe or across the caller's, created under the universe owner's maxEntitiesPerUniverse,
// edited, deleted, and their status set around AI runs.

import type { CreateEntityBody, UpdateEntityBody } from "@aacos/domain/validation";
import { checkNewEntity, type EntityStatus, WORKSPACE_MESSAGES } from "@aacos/domain/workspace";
import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import { entities, entityHolds, universes } from "../../db/schema.js";
import { conflict, notFound } from "../../platform/errors.js";
import type { AnsweringEntity } from "../ai/index.js";
import {
  ENTITY_COLUMNS,
  entityAccess,
  limitReached,
  UUID,
  type WorkspaceContext,
} from "./context.js";
import type { Entity, WorkspaceCaller } from "./types.js";

export type EntityActions = ReturnType<typeof createEntityActions>;

/** An entity as the AI gateway answers with it, and its orchestration hold (null: none). */
export interface EntityAndHold {
  entity: AnsweringEntity;
  hold: { state: string; byManager: boolean } | null;
}

/** An entity read as one value of another statement (`value`, selected there), and what turns that value back. */
export interface EntityAndHoldBeside {
  value: SQL;
  read(value: unknown): EntityAndHold;
}

/** The answering columns and the hold, as one json value of a statement over entities left-joined to their holds. */
const ANSWERING = sql`json_build_object('id', ${entities.id}, 'universeId', ${entities.universeId},
  'name', ${entities.name}, 'systemPrompt', ${entities.systemPrompt}, 'model', ${entities.model},
  'temperature', ${entities.temperature}, 'status', ${entities.status},
  'holdState', ${entityHolds.state}, 'holdByManager', ${entityHolds.byManager})`;

interface AnsweringJson extends AnsweringEntity {
  holdState: string | null;
  holdByManager: boolean | null;
}

/** The entity from the json value above; 404 when it is null (no such entity, or not the caller's to read). */
function answeringOf(value: unknown): EntityAndHold {
  if (value === null || typeof value !== "object") throw notFound("entity", "No such entity");
  // The shape is the json_build_object above, written by this module.
  const { holdState, holdByManager, ...entity } = value as AnsweringJson;
  return {
    entity,
    hold: holdState === null ? null : { state: holdState, byManager: holdByManager === true },
  };
}

/** The caller may read the entity of the statement's `entities` row (theirs, or of a universe shared with them). */
const readable = (userId: string) => entityAccess(userId, "read");

export function createEntityActions(ctx: WorkspaceContext) {
  const { db, clock, entityOf, limitsOf, planOf, record, universeOf } = ctx;
  return {
    /** The user's entities and those of universes shared with them, of one universe (404 unless readable) or of all. */
    async listEntities(userId: string, universeId?: string): Promise<Entity[]> {
      if (universeId !== undefined) await universeOf(db, userId, universeId, "read");
      return db
        .select(ENTITY_COLUMNS)
        .from(entities)
        .where(universeId === undefined ? readable(userId) : eq(entities.universeId, universeId))
        .orderBy(asc(entities.createdAt), asc(entities.id));
    },

    /** Capped per universe by maxEntitiesPerUniverse; archived universes take no new entities. */
    async createEntity(
      caller: WorkspaceCaller,
      universeId: string,
      body: CreateEntityBody,
    ): Promise<Entity> {
      const id = await db.transaction(async (tx) => {
        const universe = await universeOf(tx, caller.id, universeId, "write");
        await tx
          .select({ id: universes.id })
          .from(universes)
          .where(eq(universes.id, universe.id))
          .for("update");
        if (universe.archivedAt !== null)
          throw conflict("archived_universe", WORKSPACE_MESSAGES.archivedUniverse);
        const [row] = await tx
          .select({ n: count() })
          .from(entities)
          .where(eq(entities.universeId, universe.id));
        // A shared universe is the owner's: its entities count against (and belong to) the owner's plan.
        const owner = universe.ownerId === caller.id ? caller : await planOf(tx, universe.ownerId);
        const check = checkNewEntity(row?.n ?? 0, limitsOf(owner));
        if (!check.ok) throw limitReached(owner, check);
        const now = clock();
        const [created] = await tx
          .insert(entities)
          .values({
            universeId: universe.id,
            userId: owner.id,
            name: body.name,
            role: body.role,
            systemPrompt: body.systemPrompt,
            model: body.model ?? null,
            temperature: body.temperature ?? 0.7,
            status: "idle",
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: entities.id });
        if (created === undefined) throw new Error("entity insert returned no row");
        return created.id;
      });
      await record(caller.id, "entityCreated", id);
      return entityOf(db, caller.id, id, "read");
    },

    /** The caller's entity or one of a universe shared with them; 404 for a missing or anyone else's id. */
    async getEntity(userId: string, id: string): Promise<Entity> {
      return entityOf(db, userId, id, "read");
    },

    /**
     * What the AI gateway needs of an entity and its orchestration hold (null: none) in one statement: jobs and the
     * command centre read both before the provider is asked, and on PGlite each statement waits for the one before
     * (docs/decisions/356-entity-and-hold-at-once.md).
     */
    async getEntityAndHold(userId: string, id: string): Promise<EntityAndHold> {
      if (!UUID.test(id)) throw notFound("entity", "No such entity");
      const [row] = await db
        .select({ value: ANSWERING })
        .from(entities)
        .leftJoin(entityHolds, eq(entityHolds.entityId, entities.id))
        .where(and(eq(entities.id, id), readable(userId)));
      return answeringOf(row?.value ?? null);
    },

    /**
     * The same read as a value of another statement, whose column `entityId` names the entity: a chat message reads
     * its conversation, history and entity in one statement (docs/decisions/398-entity-beside-the-conversation.md).
     */
    entityAndHoldBeside(userId: string, entityId: SQL): EntityAndHoldBeside {
      return {
        value: sql`(select ${ANSWERING} from ${entities}
          left join ${entityHolds} on ${entityHolds.entityId} = ${entities.id}
          where ${entities.id} = ${entityId} and ${readable(userId)})`,
        read: answeringOf,
      };
    },

    async updateEntity(userId: string, id: string, patch: UpdateEntityBody): Promise<Entity> {
      const current = await entityOf(db, userId, id, "write");
      await db
        .update(entities)
        .set({
          name: patch.name ?? current.name,
          role: patch.role ?? current.role,
          systemPrompt: patch.systemPrompt ?? current.systemPrompt,
          model: patch.model === undefined ? current.model : patch.model,
          temperature: patch.temperature ?? current.temperature,
          status: patch.status ?? current.status,
          updatedAt: clock(),
        })
        .where(eq(entities.id, current.id));
      return entityOf(db, userId, id, "read");
    },

    async deleteEntity(userId: string, id: string): Promise<void> {
      const current = await entityOf(db, userId, id, "write");
      const removed = await db
        .delete(entities)
        .where(eq(entities.id, current.id))
        .returning({ id: entities.id });
      if (removed.length === 0) throw notFound("entity", "No such entity");
    },

    /** Set by the AI feature around runs (running, error, back to idle); no owner check — callers hold the entity. */
    async setEntityStatus(entityId: string, status: EntityStatus): Promise<void> {
      if (!UUID.test(entityId)) return;
      await db
        .update(entities)
        .set({ status, updatedAt: clock() })
        .where(eq(entities.id, entityId));
    },
  };
}
