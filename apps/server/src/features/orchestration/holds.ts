// Orchestration holds as the AI gateway sees them: a held (paused or stopped) entity carries a refusal, so the chat
// and the command centre answer 409 before any run starts, and the end of a run does not overwrite the hold's status.
import { ORCHESTRATION_MESSAGES } from "@aacos/domain/orchestration";
import { eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { entityHolds } from "../../db/schema.js";
import type { AnsweringEntity, EntityDirectory, EntityRefusal } from "../ai/index.js";
import type { EntityAndHold, EntityAndHoldBeside } from "../workspace/index.js";

export type HoldState = "paused" | "stopped";

export interface Hold {
  state: HoldState;
  byManager: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function holdOf(db: Db, entityId: string): Promise<Hold | null> {
  if (!UUID.test(entityId)) return null;
  const [row] = await db
    .select({ state: entityHolds.state, byManager: entityHolds.byManager })
    .from(entityHolds)
    .where(eq(entityHolds.entityId, entityId));
  return row === undefined ? null : holdFrom(row);
}

/** A stored hold row as a Hold: any state but "stopped" reads as paused. */
function holdFrom(row: { state: string; byManager: boolean }): Hold {
  return { state: row.state === "stopped" ? "stopped" : "paused", byManager: row.byManager };
}

/** Why a held entity may not run, in the words the chat and command centre show. */
export function refusalFor(hold: Hold, name: string): EntityRefusal {
  if (hold.state === "stopped") {
    return {
      message: ORCHESTRATION_MESSAGES.stopped(name),
      params: { reason: "entity_stopped", name },
    };
  }
  return hold.byManager
    ? {
        message: ORCHESTRATION_MESSAGES.pausedByOperator(name),
        params: { reason: "entity_paused_by_operator", name },
      }
    : {
        message: ORCHESTRATION_MESSAGES.pausedByOwner(name),
        params: { reason: "entity_paused", name },
      };
}

/** A directory that reads an entity and its hold in one statement (the workspace's). */
export interface EntityAndHoldDirectory
  extends Pick<EntityDirectory, "searchKnowledge" | "setEntityStatus"> {
  getEntityAndHold(userId: string, entityId: string): Promise<EntityAndHold>;
  entityAndHoldBeside(userId: string, entityId: SQL): EntityAndHoldBeside;
}

/** The entity as the gateway answers with it: a held one carries its refusal. */
function guarded({ entity, hold }: EntityAndHold): AnsweringEntity {
  if (hold === null) return entity;
  return { ...entity, refusal: refusalFor(holdFrom(hold), entity.name) };
}

/** Wraps the workspace's entity directory for the AI gateway (assembly/workspace.ts). */
export function guardDirectory(db: Db, directory: EntityAndHoldDirectory): EntityDirectory {
  return {
    getEntity: async (userId, entityId) =>
      guarded(await directory.getEntityAndHold(userId, entityId)),
    entityBeside(userId, entityId) {
      const beside = directory.entityAndHoldBeside(userId, entityId);
      return { value: beside.value, read: (value) => guarded(beside.read(value)) };
    },
    searchKnowledge: (entityId, query, limit) => directory.searchKnowledge(entityId, query, limit),
    async setEntityStatus(entityId, status) {
      // A run that was stopped ends after the hold was written: its "idle" must not lift the hold's status.
      if ((await holdOf(db, entityId)) !== null) return;
      await directory.setEntityStatus?.(entityId, status);
    },
  };
}
