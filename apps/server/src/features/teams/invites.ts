// Invitations: a single-use mailed link under the owner's member cap, revoked, previewed, accepted or declined.

import { randomBytes } from "node:crypto";
import { fieldFailure } from "@aacos/domain/errors";
import { checkNewTeamMember, INVITE_TTL_MS, TEAM_MESSAGES } from "@aacos/domain/teams";
import { and, eq, gt } from "drizzle-orm";
import { teamInvites, teamMembers, users } from "../../db/schema.js";
import { conflict, notFound } from "../../platform/errors.js";
import { hashToken } from "../auth/index.js";
import {
  type Executor,
  inviteInvalid,
  memberLimitReached,
  type TeamContext,
  UUID,
} from "./context.js";
import { inviteMail } from "./mail.js";
import type { InvitePreview, TeamCaller, TeamInviteView } from "./types.js";

/** Records the answer to a pending invite; one already answered (or revoked) in the meantime is invalid. */
async function answerInvite(
  executor: Executor,
  inviteId: string,
  status: "accepted" | "declined",
  at: Date,
): Promise<void> {
  const answered = await executor
    .update(teamInvites)
    .set({ status, respondedAt: at })
    .where(and(eq(teamInvites.id, inviteId), eq(teamInvites.status, "pending")))
    .returning({ id: teamInvites.id });
  if (answered.length === 0) throw inviteInvalid();
}

export function createInviteActions(ctx: TeamContext) {
  const {
    db,
    clock,
    deps,
    lockTeam,
    notify,
    ownedTeam,
    ownerLimit,
    pendingInvite,
    placesTaken,
    checkAddressee,
  } = ctx;
  return {
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
              email: fieldFailure(TEAM_MESSAGES.alreadyMember, "already_member"),
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
            email: fieldFailure(TEAM_MESSAGES.alreadyInvited, "already_invited"),
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
        await answerInvite(tx, invite.id, "accepted", clock());
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
      await answerInvite(db, invite.id, "declined", clock());
    },
  };
}
