// Universes: the caller's own and those shared with a team of theirs, created under maxProjects and
// maxActiveUniverses, renamed, archived and unarchived, deleted.

import type {
  CreateUniverseBody,
  UniverseListQuery,
  UpdateUniverseBody,
} from "@aacos/domain/validation";
import { checkUnarchive } from "@aacos/domain/workspace";
import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { universes } from "../../db/schema.js";
import { notFound } from "../../platform/errors.js";
import {
  limitReached,
  UUID,
  universeAccess,
  universeColumnsFor,
  type WorkspaceContext,
} from "./context.js";
import type { Universe, WorkspaceCaller } from "./types.js";

export function createUniverseActions(ctx: WorkspaceContext) {
  const {
    db,
    clock,
    deleteOwn,
    insertUniverse,
    limitsOf,
    lockUser,
    record,
    universeCounts,
    universeOf,
  } = ctx;

  /**
   * A new name or description, by the owner or a team writer: one statement, which checks the access and answers
   * the universe as the caller sees it (docs/decisions/401-universe-rename-in-one-statement.md). No cap changes, so
   * no lock on the owner.
   */
  async function renameUniverse(
    userId: string,
    id: string,
    patch: Pick<UpdateUniverseBody, "name" | "description">,
  ): Promise<Universe> {
    if (!UUID.test(id)) throw notFound("universe", "No such universe");
    const [row] = await db
      .update(universes)
      .set({ name: patch.name, description: patch.description, updatedAt: clock() })
      .where(and(eq(universes.id, id), universeAccess(userId, "write")))
      .returning(universeColumnsFor(userId));
    if (row === undefined) throw notFound("universe", "No such universe");
    return row;
  }

  return {
    async listUniverses(
      userId: string,
      archived: UniverseListQuery["archived"] = "include",
    ): Promise<Universe[]> {
      const filter =
        archived === "exclude"
          ? isNull(universes.archivedAt)
          : archived === "only"
            ? isNotNull(universes.archivedAt)
            : undefined;
      // The caller's own universes and those shared with a team of theirs (shared: true, teamId).
      return db
        .select(universeColumnsFor(userId))
        .from(universes)
        .where(and(universeAccess(userId, "read"), filter))
        .orderBy(desc(universes.createdAt), desc(universes.id));
    },

    /** Capped by maxProjects (all) and maxActiveUniverses (active); earns universeCreated. */
    async createUniverse(caller: WorkspaceCaller, body: CreateUniverseBody): Promise<Universe> {
      const id = await db.transaction((tx) => insertUniverse(tx, caller, body));
      await record(caller.id, "universeCreated", id);
      return universeOf(db, caller.id, id);
    },

    /** The caller's universe or one shared with them; 404 for a missing or anyone else's id. */
    async getUniverse(userId: string, id: string): Promise<Universe> {
      return universeOf(db, userId, id, "read");
    },

    /** Rename, describe, archive or unarchive (unarchiving is capped by maxActiveUniverses). */
    async updateUniverse(
      caller: WorkspaceCaller,
      id: string,
      patch: UpdateUniverseBody,
    ): Promise<Universe> {
      if (patch.archived === undefined) return renameUniverse(caller.id, id, patch);
      await db.transaction(async (tx) => {
        await lockUser(tx, caller.id);
        // Archiving changes the owner's caps, so it stays theirs.
        const current = await universeOf(tx, caller.id, id, "own");
        const now = clock();
        let archivedAt = current.archivedAt;
        if (patch.archived === true && current.archivedAt === null) archivedAt = now;
        if (patch.archived === false && current.archivedAt !== null) {
          const check = checkUnarchive(await universeCounts(tx, caller.id), limitsOf(caller));
          if (!check.ok) throw limitReached(caller, check);
          archivedAt = null;
        }
        await tx
          .update(universes)
          .set({
            name: patch.name ?? current.name,
            description: patch.description ?? current.description,
            archivedAt,
            updatedAt: now,
          })
          .where(eq(universes.id, current.id));
      });
      return universeOf(db, caller.id, id, "read");
    },

    /** Removes the universe with its entities, knowledge and passages (the runs stay as history). */
    async deleteUniverse(userId: string, id: string): Promise<void> {
      await deleteOwn(universes, userId, id, () => notFound("universe", "No such universe"));
    },
  };
}
