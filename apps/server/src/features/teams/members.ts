// Members: write access set by the owner, leaving or removal, and handing the team to another member.

import { tierHasFeature, tierUnlocking } from "@aacos/domain/catalog";
import { fieldFailure } from "@aacos/domain/errors";
import { TEAM_MESSAGES } from "@aacos/domain/teams";
import { and, eq, sql } from "drizzle-orm";
import { teamMembers, teams, teamUniverses } from "../../db/schema.js";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors.js";
import { type TeamContext, UUID } from "./context.js";
import type { TeamDetail, TeamMemberView } from "./types.js";

/** How the member actions read a team back after a change (the service's own detail). */
interface TeamDetailReader {
  detail(userId: string, teamId: string): Promise<TeamDetail>;
}

export function createMemberActions(ctx: TeamContext, reader: TeamDetailReader) {
  const { db, clock, lockTeam, membershipOf, notify, ownedTeam, planOf } = ctx;
  return {
    /** The owner sets whether a member may edit the team's shared universes. */
    async setWriteAccess(
      userId: string,
      teamId: string,
      memberId: string,
      canWrite: boolean,
    ): Promise<TeamMemberView> {
      const team = await ownedTeam(db, userId, teamId);
      if (!UUID.test(memberId) || memberId === team.ownerId)
        throw notFound("member", "No such member");
      const updated = await db
        .update(teamMembers)
        .set({ canWrite })
        .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, memberId)))
        .returning({ userId: teamMembers.userId });
      if (updated.length === 0) throw notFound("member", "No such member");
      const detail = await reader.detail(userId, team.id);
      const member = detail.members.find((item) => item.userId === memberId);
      if (member === undefined) throw notFound("member", "No such member");
      return member;
    },

    /**
     * The owner removes a member, or a member leaves. Access ends at once (every check reads the membership), and
     * the universes the member had shared with this team stop being shared with it.
     */
    async removeMember(
      userId: string,
      teamId: string,
      memberId: string,
    ): Promise<{ team: { id: string; name: string }; self: boolean }> {
      const team = await membershipOf(db, userId, teamId);
      const self = memberId === userId;
      if (self && team.ownerId === userId)
        throw conflict("owner_cannot_leave", TEAM_MESSAGES.ownerCannotLeave);
      if (!self && team.ownerId !== userId)
        throw forbidden("team_owner_only", TEAM_MESSAGES.ownerOnly);
      if (!UUID.test(memberId)) throw notFound("member", "No such member");
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(teamMembers)
          .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, memberId)))
          .returning({ userId: teamMembers.userId });
        if (removed.length === 0) throw notFound("member", "No such member");
        await tx
          .delete(teamUniverses)
          .where(
            and(
              eq(teamUniverses.teamId, team.id),
              sql`${teamUniverses.universeId} in (select u.id from universes u where u.user_id = ${memberId})`,
            ),
          );
      });
      notify(memberId, "removed", team);
      return { team: { id: team.id, name: team.name }, self };
    },

    /** Hands the team to a member whose plan has teamCollaboration; the old owner stays as a writing member. */
    async transfer(
      userId: string,
      teamId: string,
      newOwnerId: string,
    ): Promise<{ id: string; name: string; ownerId: string }> {
      const team = await ownedTeam(db, userId, teamId);
      if (newOwnerId === userId) return { id: team.id, name: team.name, ownerId: userId };
      const [member] = UUID.test(newOwnerId)
        ? await db
            .select({ userId: teamMembers.userId })
            .from(teamMembers)
            .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, newOwnerId)))
        : [];
      if (member === undefined) {
        throw new AppError("validation_failed", 400, TEAM_MESSAGES.newOwnerNotMember, {
          fields: {
            userId: fieldFailure(TEAM_MESSAGES.newOwnerNotMember, "new_owner_not_member"),
          },
        });
      }
      const plan = await planOf(db, newOwnerId);
      if (!tierHasFeature(plan.tier, "teamCollaboration")) {
        // The refusal is about the new owner's plan, not the caller's: no upgrade offer for the caller.
        throw new AppError("forbidden", 403, TEAM_MESSAGES.newOwnerNeedsPlan, {
          params: { reason: "new_owner_needs_plan", plan: tierUnlocking("teamCollaboration") },
        });
      }
      await db.transaction(async (tx) => {
        await lockTeam(tx, team.id);
        await tx
          .update(teams)
          .set({ ownerId: newOwnerId, updatedAt: clock() })
          .where(eq(teams.id, team.id));
        await tx
          .update(teamMembers)
          .set({ role: "member", canWrite: true })
          .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, userId)));
        await tx
          .update(teamMembers)
          .set({ role: "owner", canWrite: true })
          .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, newOwnerId)));
      });
      return { id: team.id, name: team.name, ownerId: newOwnerId };
    },
  };
}
