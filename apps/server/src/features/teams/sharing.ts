// Universes shared with a team: shared by their owner, taken out by the owner or the team's owner.

import { TEAM_MESSAGES } from "@aacos/domain/teams";
import { and, eq, sql } from "drizzle-orm";
import { teamMembers, teamUniverses, universes } from "../../db/schema.js";
import { forbidden, notFound } from "../../platform/errors.js";
import { type TeamContext, UUID } from "./context.js";

export function createSharingActions(ctx: TeamContext) {
  const { db, clock, membershipOf } = ctx;
  return {
    /** The universe's owner shares it with a team they are in. */
    async share(
      userId: string,
      universeId: string,
      teamId: string,
    ): Promise<{ universeId: string; teamId: string; sharedAt: Date }> {
      if (!UUID.test(universeId)) throw notFound("universe", "No such universe");
      const [universe] = await db
        .select({ id: universes.id, userId: universes.userId })
        .from(universes)
        .where(eq(universes.id, universeId));
      // Someone else's universe answers like a missing one; a readable shared one says who may share it.
      if (universe === undefined) throw notFound("universe", "No such universe");
      if (universe.userId !== userId) {
        const readable = await db
          .select({ teamId: teamUniverses.teamId })
          .from(teamUniverses)
          .innerJoin(teamMembers, eq(teamMembers.teamId, teamUniverses.teamId))
          .where(and(eq(teamUniverses.universeId, universe.id), eq(teamMembers.userId, userId)));
        if (readable.length === 0) throw notFound("universe", "No such universe");
        throw forbidden("not_universe_owner", TEAM_MESSAGES.notUniverseOwner);
      }
      const team = await membershipOf(db, userId, teamId);
      const now = clock();
      await db
        .insert(teamUniverses)
        .values({ teamId: team.id, universeId: universe.id, sharedBy: userId, sharedAt: now })
        .onConflictDoNothing();
      const [row] = await db
        .select({ sharedAt: teamUniverses.sharedAt })
        .from(teamUniverses)
        .where(and(eq(teamUniverses.teamId, team.id), eq(teamUniverses.universeId, universe.id)));
      return { universeId: universe.id, teamId: team.id, sharedAt: row?.sharedAt ?? now };
    },

    /** The universe's owner, or the team's owner, takes a universe out of a team. */
    async unshare(userId: string, universeId: string, teamId: string): Promise<void> {
      if (!UUID.test(universeId)) throw notFound("universe", "No such universe");
      const team = await membershipOf(db, userId, teamId);
      const removed = await db
        .delete(teamUniverses)
        .where(
          and(
            eq(teamUniverses.teamId, team.id),
            eq(teamUniverses.universeId, universeId),
            team.ownerId === userId
              ? undefined
              : sql`${teamUniverses.universeId} in (select u.id from universes u where u.user_id = ${userId})`,
          ),
        )
        .returning({ universeId: teamUniverses.universeId });
      if (removed.length === 0) throw notFound("universe", "No such universe");
    },
  };
}
