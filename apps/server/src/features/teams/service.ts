// The team service, assembled from its parts over one shared context (context.ts): teams themselves here (create,
// list, detail, rename, delete, the admin list); invitations (invites.ts), members' access, leaving and ownership
// transfer (members.ts) and universes shared with a team (sharing.ts) in their own files.

import type { AdminTeamsQuery, TeamRole } from "@aacos/domain/teams";
import { and, asc, count, desc, eq, gt, ilike, or, sql } from "drizzle-orm";
import { likeContaining } from "../../db/like.js";
import { fetchPage } from "../../db/paging.js";
import {
  teamInvites,
  teamMembers,
  teams,
  teamUniverses,
  universes,
  users,
} from "../../db/schema.js";
import { createTeamContext } from "./context.js";
import { createInviteActions } from "./invites.js";
import { createMemberActions } from "./members.js";
import { createSharingActions } from "./sharing.js";
import type { AdminTeamRow, TeamCaller, TeamDeps, TeamDetail, TeamSummary } from "./types.js";

/** The columns both team lists start with: the team and its owner's username (teams joined with users on the owner). */
const teamWithOwner = {
  id: teams.id,
  name: teams.name,
  ownerId: teams.ownerId,
  ownerUsername: users.username,
};
const memberCount = sql<number>`(select count(*)::int from team_members m where m.team_id = "teams"."id")`;

export function createTeamService(deps: TeamDeps) {
  const ctx = createTeamContext(deps);
  const { db, clock, membershipOf, ownedTeam, ownerLimit } = ctx;
  const teamActions = {
    async create(caller: TeamCaller, name: string): Promise<{ id: string; name: string }> {
      const now = clock();
      return db.transaction(async (tx) => {
        const [team] = await tx
          .insert(teams)
          .values({ name, ownerId: caller.id, createdAt: now, updatedAt: now })
          .returning({ id: teams.id, name: teams.name });
        if (team === undefined) throw new Error("team insert returned no row");
        await tx.insert(teamMembers).values({
          teamId: team.id,
          userId: caller.id,
          role: "owner",
          canWrite: true,
          joinedAt: now,
        });
        return team;
      });
    },

    /** The teams the user is in, with their role. */
    async listMine(userId: string): Promise<TeamSummary[]> {
      const rows = await db
        .select({
          ...teamWithOwner,
          role: teamMembers.role,
          canWrite: teamMembers.canWrite,
          memberCount,
          createdAt: teams.createdAt,
        })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .innerJoin(users, eq(users.id, teams.ownerId))
        .where(eq(teamMembers.userId, userId))
        .orderBy(asc(teams.name), asc(teams.id));
      return rows.map((row) => ({ ...row, role: row.role as TeamRole }));
    },

    async detail(userId: string, teamId: string): Promise<TeamDetail> {
      const team = await membershipOf(db, userId, teamId);
      const isOwner = team.ownerId === userId;
      const [members, invites, shared, owner] = await Promise.all([
        db
          .select({
            userId: teamMembers.userId,
            username: users.username,
            email: users.email,
            role: teamMembers.role,
            canWrite: teamMembers.canWrite,
            joinedAt: teamMembers.joinedAt,
          })
          .from(teamMembers)
          .innerJoin(users, eq(users.id, teamMembers.userId))
          .where(eq(teamMembers.teamId, team.id))
          .orderBy(sql`${teamMembers.role} = 'owner' desc`, asc(teamMembers.joinedAt)),
        isOwner
          ? db
              .select({
                id: teamInvites.id,
                email: teamInvites.email,
                createdAt: teamInvites.createdAt,
                expiresAt: teamInvites.expiresAt,
              })
              .from(teamInvites)
              .where(
                and(
                  eq(teamInvites.teamId, team.id),
                  eq(teamInvites.status, "pending"),
                  gt(teamInvites.expiresAt, clock()),
                ),
              )
              .orderBy(desc(teamInvites.createdAt))
          : Promise.resolve([]),
        db
          .select({
            id: universes.id,
            name: universes.name,
            ownerId: universes.userId,
            ownerUsername: users.username,
            entityCount: sql<number>`(select count(*)::int from entities e where e.universe_id = "universes"."id")`,
            sharedAt: teamUniverses.sharedAt,
          })
          .from(teamUniverses)
          .innerJoin(universes, eq(universes.id, teamUniverses.universeId))
          .innerJoin(users, eq(users.id, universes.userId))
          .where(eq(teamUniverses.teamId, team.id))
          .orderBy(asc(universes.name), asc(universes.id)),
        ownerLimit(db, team.ownerId),
      ]);
      return {
        id: team.id,
        name: team.name,
        ownerId: team.ownerId,
        createdAt: team.createdAt,
        role: team.role,
        canWrite: team.canWrite,
        memberLimit: owner.limits.maxTeamMembers,
        members: members.map((member) => ({
          ...member,
          role: member.role as TeamRole,
          email: isOwner ? member.email : null,
        })),
        invites,
        universes: shared,
      };
    },

    async rename(
      userId: string,
      teamId: string,
      name: string,
    ): Promise<{ id: string; name: string }> {
      const team = await ownedTeam(db, userId, teamId);
      await db.update(teams).set({ name, updatedAt: clock() }).where(eq(teams.id, team.id));
      return { id: team.id, name };
    },

    /** Deletes the team with its memberships, invitations and shares; the universes stay their owners'. */
    async remove(userId: string, teamId: string): Promise<{ id: string; name: string }> {
      const team = await ownedTeam(db, userId, teamId);
      await db.delete(teams).where(eq(teams.id, team.id));
      return team;
    },

    /** The admin console's list: every team with its owner, size and shares; `q` matches team or owner name. */
    async adminList(query: AdminTeamsQuery): Promise<{ items: AdminTeamRow[]; total: number }> {
      const search = query.q === undefined || query.q === "" ? undefined : likeContaining(query.q);
      const where =
        search === undefined
          ? undefined
          : or(ilike(teams.name, search), ilike(users.username, search));
      return fetchPage(
        query,
        db
          .select({
            ...teamWithOwner,
            memberCount,
            sharedUniverses: sql<number>`(select count(*)::int from team_universes s where s.team_id = "teams"."id")`,
            createdAt: teams.createdAt,
          })
          .from(teams)
          .innerJoin(users, eq(users.id, teams.ownerId))
          .where(where)
          .orderBy(desc(teams.createdAt), desc(teams.id)),
        db
          .select({ n: count() })
          .from(teams)
          .innerJoin(users, eq(users.id, teams.ownerId))
          .where(where),
      );
    },
  };
  return {
    ...teamActions,
    ...createInviteActions(ctx),
    ...createMemberActions(ctx, teamActions),
    ...createSharingActions(ctx),
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
