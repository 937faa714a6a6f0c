// What every part of the team service shares: the caller's plan, membership and ownership checks, a team's
// lock and places, a pending invitation, and the errors they raise.

import { planInForce, type TierName, upgradePayload } from "@aacos/domain/catalog";
import { TEAM_MESSAGES, type TeamRole } from "@aacos/domain/teams";
import { and, count, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { teamInvites, teamMembers, teams, userPlanColumns, users } from "../../db/schema.js";
import { AppError, forbidden, notFound } from "../../platform/errors.js";
import { effectiveLimits } from "../../platform/live-catalog.js";
import { hashToken } from "../auth/index.js";
import type { SignalInput } from "../signals/index.js";
import type { TeamCaller, TeamDeps, TeamEvent } from "./types.js";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Executor = Db | Tx;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function teamSignal(event: TeamEvent, team: { id: string; name: string }): SignalInput {
  return {
    kind: "team",
    source: "teams",
    severity: event === "removed" ? "warning" : "info",
    data: { event, teamId: team.id, teamName: team.name },
  };
}

/** 403 limit_reached with the upgrade payload for the owner's plan, and the limit for the browser's message. */
export function memberLimitReached(
  tier: TierName,
  check: { limit: number; message: string },
): AppError {
  return new AppError("limit_reached", 403, check.message, {
    params: { limit: "maxTeamMembers", max: check.limit },
    extra: { ...upgradePayload(tier, "maxTeamMembers"), limit: check.limit },
  });
}

export const inviteInvalid = () => new AppError("invite_invalid", 404, TEAM_MESSAGES.inviteInvalid);

export type TeamContext = ReturnType<typeof createTeamContext>;

export function createTeamContext(deps: TeamDeps) {
  const { db, clock } = deps;
  const limitsFor = deps.limitsFor ?? effectiveLimits;
  const notify = (userId: string, event: TeamEvent, team: { id: string; name: string }) =>
    deps.notify?.(userId, teamSignal(event, team));

  /** A user's plan in force now (a downgrade whose paid period ended counts). */
  async function planOf(executor: Executor, userId: string) {
    const [row] = await executor.select(userPlanColumns).from(users).where(eq(users.id, userId));
    if (row === undefined) throw notFound("user", "No such user");
    return planInForce(row, clock());
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

  return {
    deps,
    db,
    clock,
    limitsFor,
    notify,
    planOf,
    membershipOf,
    ownedTeam,
    lockTeam,
    placesTaken,
    ownerLimit,
    pendingInvite,
    checkAddressee,
  };
}
