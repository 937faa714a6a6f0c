// Team rules and queries: teams and roles, e-mailed single-use invitations under the owner's member cap, members'
// write access, leaving and removal, ownership transfer, universes shared with a team, and the admin list.

import { randomBytes } from "node:crypto";
import {
  featureLockedMessage,
  type TierLimits,
  type TierName,
  tierHasFeature,
  tierInForce,
  tierUnlocking,
  toTierName,
  toWorldName,
  upgradePayload,
  type WorldName,
} from "@aacos/domain/catalog";
import type { AdminTeamItem } from "@aacos/domain/replies";
import {
  type AdminTeamsQuery,
  checkNewTeamMember,
  INVITE_TTL_MS,
  TEAM_MESSAGES,
  type TeamRole,
} from "@aacos/domain/teams";
import { and, asc, count, desc, eq, gt, ilike, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import {
  teamInvites,
  teamMembers,
  teams,
  teamUniverses,
  universes,
  users,
} from "../../db/schema.js";
import { AppError, conflict, forbidden, notFound } from "../../platform/errors.js";
import { effectiveLimits } from "../../platform/live-catalog.js";
import { hashToken } from "../auth/index.js";
import type { Mailer } from "../mail/index.js";
import type { SignalInput } from "../signals/index.js";
import { inviteMail } from "./mail.js";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TeamCaller {
  id: string;
  email: string;
}

export interface TeamSummary {
  id: string;
  name: string;
  ownerId: string;
  ownerUsername: string;
  role: TeamRole;
  canWrite: boolean;
  memberCount: number;
  createdAt: Date;
}

export interface TeamMemberView {
  userId: string;
  username: string;
  /** Shown to the team's owner only. */
  email: string | null;
  role: TeamRole;
  canWrite: boolean;
  joinedAt: Date;
}

export interface TeamInviteView {
  id: string;
  email: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface SharedUniverseView {
  id: string;
  name: string;
  ownerId: string;
  ownerUsername: string;
  entityCount: number;
  sharedAt: Date;
}

export interface TeamDetail {
  id: string;
  name: string;
  ownerId: string;
  createdAt: Date;
  role: TeamRole;
  canWrite: boolean;
  /** The owner's effective maxTeamMembers (−1 unlimited); members and waiting invitations count. */
  memberLimit: number;
  members: TeamMemberView[];
  /** Waiting invitations; listed to the owner only. */
  invites: TeamInviteView[];
  universes: SharedUniverseView[];
}

export interface InvitePreview {
  teamId: string;
  teamName: string;
  invitedBy: string;
  email: string;
  expiresAt: Date;
  /** Whether the signed-in account's address is the invited one (only then can it accept). */
  forYou: boolean;
  /** Already a member (accepting just opens the team). */
  alreadyMember: boolean;
}

/** A team in the admin console's list, as the service hands it over (createdAt a Date). */
export type AdminTeamRow = z.output<typeof AdminTeamItem>;

export type TeamEvent = "invited" | "joined" | "removed";

export interface TeamDeps {
  db: Db;
  clock: () => Date;
  mailer: Pick<Mailer, "queue">;
  /** Where links in mail point (config.publicUrl). */
  publicUrl: string;
  /** In-app delivery of team events (the signal hub); never throws. */
  notify?: (userId: string, signal: SignalInput) => void;
  /**
   * The plan limits in force for a tier and world; by default the live catalogue's effectiveLimits (admins'
   * overrides included), the function every other cap of the server reads.
   */
  limitsFor?: (tier: TierName, world: WorldName) => TierLimits;
}

export function teamSignal(event: TeamEvent, team: { id: string; name: string }): SignalInput {
  return {
    kind: "team",
    source: "teams",
    severity: event === "removed" ? "warning" : "info",
    data: { event, teamId: team.id, teamName: team.name },
  };
}

/** 403 limit_reached with the upgrade payload for the owner's plan, and the limit for the browser's message. */
function memberLimitReached(tier: TierName, check: { limit: number; message: string }): AppError {
  return new AppError("limit_reached", 403, check.message, {
    params: { limit: "maxTeamMembers", max: check.limit },
    extra: { ...upgradePayload(tier, "maxTeamMembers"), limit: check.limit },
  });
}

const inviteInvalid = () => new AppError("invite_invalid", 404, TEAM_MESSAGES.inviteInvalid);

export function createTeamService(deps: TeamDeps) {
  const { db, clock } = deps;
  const limitsFor = deps.limitsFor ?? effectiveLimits;
  const notify = (userId: string, event: TeamEvent, team: { id: string; name: string }) =>
    deps.notify?.(userId, teamSignal(event, team));

  /** A user's plan in force now (a downgrade whose paid period ended counts). */
  async function planOf(executor: Executor, userId: string) {
    const [row] = await executor
      .select({
        tier: users.tier,
        pendingTier: users.pendingTier,
        periodEndsAt: users.periodEndsAt,
        world: users.world,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (row === undefined) throw notFound("user", "No such user");
    const tier = tierInForce(
      {
        tier: toTierName(row.tier),
        pendingTier: row.pendingTier === null ? null : toTierName(row.pendingTier),
        periodEndsAt: row.periodEndsAt,
      },
      clock(),
    );
    return { tier, world: toWorldName(row.world) };
  }

  /** The team and the caller's membership; 404 for a missing team or one the caller is not in. */
  async function membershipOf(executor: Executor, userId: string, teamId: string) {
    if (!UUID.test(teamId)) throw notFound("team", TEAM_MESSAGES.teamNotFound);
    const [row] = await executor
      .select({
        id: teams.id,
        name: teams.name,
        ownerId: teams.ownerId,
        createdAt: teams.createdAt,
        role: teamMembers.role,
        canWrite: teamMembers.canWrite,
      })
      .from(teams)
      .innerJoin(teamMembers, eq(teamMembers.teamId, teams.id))
      .where(and(eq(teams.id, teamId), eq(teamMembers.userId, userId)));
    if (row === undefined) throw notFound("team", TEAM_MESSAGES.teamNotFound);
    return { ...row, role: row.role as TeamRole };
  }

  async function ownedTeam(executor: Executor, userId: string, teamId: string) {
    const team = await membershipOf(executor, userId, teamId);
    if (team.ownerId !== userId) throw forbidden("team_owner_only", TEAM_MESSAGES.ownerOnly);
    return team;
  }

  /** Serialises changes to one team's places (two invitations cannot both take the last one). */
  async function lockTeam(tx: Tx, teamId: string): Promise<void> {
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for("update");
  }

  async function placesTaken(executor: Executor, teamId: string) {
    const [members] = await executor
      .select({ n: count() })
      .from(teamMembers)
      .where(eq(teamMembers.teamId, teamId));
    const [pending] = await executor
      .select({ n: count() })
      .from(teamInvites)
      .where(
        and(
          eq(teamInvites.teamId, teamId),
          eq(teamInvites.status, "pending"),
          gt(teamInvites.expiresAt, clock()),
        ),
      );
    return { members: members?.n ?? 0, pendingInvites: pending?.n ?? 0 };
  }

  async function ownerLimit(executor: Executor, ownerId: string) {
    const plan = await planOf(executor, ownerId);
    return { tier: plan.tier, limits: limitsFor(plan.tier, plan.world) };
  }

  /** A pending, unexpired invitation by its link's token; 404 otherwise (used, revoked, expired, unknown). */
  async function pendingInvite(executor: Executor, token: string) {
    const [row] = await executor
      .select({
        id: teamInvites.id,
        teamId: teamInvites.teamId,
        email: teamInvites.email,
        expiresAt: teamInvites.expiresAt,
        teamName: teams.name,
        ownerId: teams.ownerId,
        invitedBy: users.username,
      })
      .from(teamInvites)
      .innerJoin(teams, eq(teams.id, teamInvites.teamId))
      .innerJoin(users, eq(users.id, teamInvites.invitedBy))
      .where(
        and(
          eq(teamInvites.tokenHash, hashToken(token)),
          eq(teamInvites.status, "pending"),
          gt(teamInvites.expiresAt, clock()),
        ),
      );
    if (row === undefined) throw inviteInvalid();
    return row;
  }

  function checkAddressee(caller: TeamCaller, invite: { email: string }): void {
    if (caller.email.trim().toLowerCase() !== invite.email) {
      throw new AppError("invite_other_address", 403, TEAM_MESSAGES.inviteOtherAddress);
    }
  }

  const service = {
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
          id: teams.id,
          name: teams.name,
          ownerId: teams.ownerId,
          ownerUsername: users.username,
          role: teamMembers.role,
          canWrite: teamMembers.canWrite,
          memberCount: sql<number>`(select count(*)::int from team_members m where m.team_id = "teams"."id")`,
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

    /** Mails a single-use link (valid 7 days); the owner only, under the owner's maxTeamMembers. */
    async invite(
      caller: TeamCaller,
      teamId: string,
      email: string,
    ): Promise<{ invite: TeamInviteView; team: { id: string; name: string } }> {
      const address = email.trim().toLowerCase();
      const token = randomBytes(32).toString("base64url");
      const now = clock();
      const { invite, team, locale, inviteeId } = await db.transaction(async (tx) => {
        const team = await ownedTeam(tx, caller.id, teamId);
        await lockTeam(tx, team.id);
        const [existing] = await tx
          .select({ id: users.id, locale: users.locale })
          .from(users)
          .where(eq(users.email, address));
        if (existing !== undefined) {
          const [member] = await tx
            .select({ userId: teamMembers.userId })
            .from(teamMembers)
            .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, existing.id)));
          if (member !== undefined)
            throw conflict("already_member", TEAM_MESSAGES.alreadyMember, {
              email: TEAM_MESSAGES.alreadyMember,
            });
        }
        const [waiting] = await tx
          .select({ id: teamInvites.id })
          .from(teamInvites)
          .where(
            and(
              eq(teamInvites.teamId, team.id),
              eq(teamInvites.email, address),
              eq(teamInvites.status, "pending"),
              gt(teamInvites.expiresAt, now),
            ),
          );
        if (waiting !== undefined)
          throw conflict("already_invited", TEAM_MESSAGES.alreadyInvited, {
            email: TEAM_MESSAGES.alreadyInvited,
          });
        const owner = await ownerLimit(tx, team.ownerId);
        const check = checkNewTeamMember(await placesTaken(tx, team.id), owner.limits);
        if (!check.ok) throw memberLimitReached(owner.tier, check);
        const [inviter] = await tx
          .select({ locale: users.locale })
          .from(users)
          .where(eq(users.id, caller.id));
        const [row] = await tx
          .insert(teamInvites)
          .values({
            teamId: team.id,
            email: address,
            tokenHash: hashToken(token),
            invitedBy: caller.id,
            status: "pending",
            expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
            createdAt: now,
          })
          .returning({
            id: teamInvites.id,
            email: teamInvites.email,
            createdAt: teamInvites.createdAt,
            expiresAt: teamInvites.expiresAt,
          });
        if (row === undefined) throw new Error("invite insert returned no row");
        return {
          invite: row,
          team: { id: team.id, name: team.name },
          // The mail speaks the invitee's language when they have an account, else the inviter's.
          locale: existing?.locale ?? inviter?.locale ?? "he",
          inviteeId: existing?.id ?? null,
        };
      });
      const [inviter] = await db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, caller.id));
      const link = `${deps.publicUrl}/teams/invite/${token}`;
      await deps.mailer.queue(
        inviteMail({
          to: address,
          locale,
          link,
          teamName: team.name,
          inviter: inviter?.username ?? "",
        }),
      );
      if (inviteeId !== null) notify(inviteeId, "invited", team);
      return { invite, team };
    },

    async revokeInvite(userId: string, teamId: string, inviteId: string): Promise<void> {
      const team = await ownedTeam(db, userId, teamId);
      if (!UUID.test(inviteId)) throw notFound("invitation", "No such invitation");
      const revoked = await db
        .update(teamInvites)
        .set({ status: "revoked", respondedAt: clock() })
        .where(
          and(
            eq(teamInvites.id, inviteId),
            eq(teamInvites.teamId, team.id),
            eq(teamInvites.status, "pending"),
          ),
        )
        .returning({ id: teamInvites.id });
      if (revoked.length === 0) throw notFound("invitation", "No such invitation");
    },

    /** What the accept screen shows; 404 once the link was used, revoked or expired. */
    async preview(caller: TeamCaller, token: string): Promise<InvitePreview> {
      const invite = await pendingInvite(db, token);
      const [member] = await db
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, invite.teamId), eq(teamMembers.userId, caller.id)));
      return {
        teamId: invite.teamId,
        teamName: invite.teamName,
        invitedBy: invite.invitedBy,
        email: invite.email,
        expiresAt: invite.expiresAt,
        forYou: caller.email.trim().toLowerCase() === invite.email,
        alreadyMember: member !== undefined,
      };
    },

    /** Spends the link: the signed-in account must own the invited address; the member cap is checked again. */
    async accept(caller: TeamCaller, token: string): Promise<{ id: string; name: string }> {
      const team = await db.transaction(async (tx) => {
        const invite = await pendingInvite(tx, token);
        checkAddressee(caller, invite);
        await lockTeam(tx, invite.teamId);
        const [member] = await tx
          .select({ userId: teamMembers.userId })
          .from(teamMembers)
          .where(and(eq(teamMembers.teamId, invite.teamId), eq(teamMembers.userId, caller.id)));
        if (member === undefined) {
          // The invitation already holds a place; the cap may have been lowered since it was sent.
          const owner = await ownerLimit(tx, invite.ownerId);
          const taken = await placesTaken(tx, invite.teamId);
          const check = checkNewTeamMember(
            { members: taken.members, pendingInvites: 0 },
            owner.limits,
          );
          if (!check.ok) throw memberLimitReached(owner.tier, check);
        }
        const claimed = await tx
          .update(teamInvites)
          .set({ status: "accepted", respondedAt: clock() })
          .where(and(eq(teamInvites.id, invite.id), eq(teamInvites.status, "pending")))
          .returning({ id: teamInvites.id });
        if (claimed.length === 0) throw inviteInvalid();
        if (member === undefined) {
          await tx.insert(teamMembers).values({
            teamId: invite.teamId,
            userId: caller.id,
            role: "member",
            canWrite: false,
            joinedAt: clock(),
          });
        }
        return {
          id: invite.teamId,
          name: invite.teamName,
          ownerId: invite.ownerId,
          joined: member === undefined,
        };
      });
      if (team.joined) {
        notify(caller.id, "joined", team);
        notify(team.ownerId, "joined", team);
      }
      return { id: team.id, name: team.name };
    },

    async decline(caller: TeamCaller, token: string): Promise<void> {
      const invite = await pendingInvite(db, token);
      checkAddressee(caller, invite);
      const declined = await db
        .update(teamInvites)
        .set({ status: "declined", respondedAt: clock() })
        .where(and(eq(teamInvites.id, invite.id), eq(teamInvites.status, "pending")))
        .returning({ id: teamInvites.id });
      if (declined.length === 0) throw inviteInvalid();
    },

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
      const detail = await service.detail(userId, team.id);
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
          fields: { userId: TEAM_MESSAGES.newOwnerNotMember },
        });
      }
      const plan = await planOf(db, newOwnerId);
      if (!tierHasFeature(plan.tier, "teamCollaboration")) {
        const suggestedTier = tierUnlocking("teamCollaboration");
        throw new AppError("feature_locked", 403, TEAM_MESSAGES.newOwnerNeedsPlan, {
          params: { feature: "teamCollaboration", plan: suggestedTier },
          extra: {
            suggestedTier,
            upgradeUrl: `/tiers?upgrade=${suggestedTier}`,
            reason: "teamCollaboration",
            detail: featureLockedMessage("teamCollaboration"),
          },
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

    /** The admin console's list: every team with its owner, size and shares; `q` matches team or owner name. */
    async adminList(query: AdminTeamsQuery): Promise<{ items: AdminTeamRow[]; total: number }> {
      const search =
        query.q === undefined || query.q === ""
          ? undefined
          : `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const where =
        search === undefined
          ? undefined
          : or(ilike(teams.name, search), ilike(users.username, search));
      const [items, [total]] = await Promise.all([
        db
          .select({
            id: teams.id,
            name: teams.name,
            ownerId: teams.ownerId,
            ownerUsername: users.username,
            memberCount: sql<number>`(select count(*)::int from team_members m where m.team_id = "teams"."id")`,
            sharedUniverses: sql<number>`(select count(*)::int from team_universes s where s.team_id = "teams"."id")`,
            createdAt: teams.createdAt,
          })
          .from(teams)
          .innerJoin(users, eq(users.id, teams.ownerId))
          .where(where)
          .orderBy(desc(teams.createdAt), desc(teams.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: count() })
          .from(teams)
          .innerJoin(users, eq(users.id, teams.ownerId))
          .where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },
  };
  return service;
}

export type TeamService = ReturnType<typeof createTeamService>;
