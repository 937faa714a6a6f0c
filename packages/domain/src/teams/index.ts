// Team rules shared by browser and server: request schemas, the member cap (owner's plan), roles and the messages.
import { z } from "zod";
import { checkCountLimit, type PlanLimitCheck, plural } from "../catalog/effective-limits.js";
import type { TierLimits } from "../catalog/types.js";
import { MESSAGES } from "../validation/messages.js";
import { Email, pageFields, requiredText, SearchText } from "../validation/rules.js";

export const TEAM_ROLES = ["owner", "member"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** An invitation link works for seven days, once (docs/decisions/110-teams.md). */
export const INVITE_TTL_DAYS = 7;
export const INVITE_TTL_MS = INVITE_TTL_DAYS * 24 * 60 * 60 * 1000;

/** The server's English texts; the web shows them in its own language by code or by these words. */
export const TEAM_MESSAGES = {
  memberLimit: (n: number) =>
    `Team member limit reached: ${n} ${plural(n, "member", "members")} on the owner's plan`,
  teamNotFound: "No such team",
  inviteInvalid: "This invitation is invalid or has expired",
  inviteOtherAddress: "This invitation was sent to another e-mail address",
  alreadyMember: "This person is already a member of the team",
  alreadyInvited: "An invitation to this address is already waiting",
  ownerOnly: "Only the team's owner can do this",
  ownerCannotLeave: "The owner cannot leave the team: transfer it or delete it",
  newOwnerNotMember: "The new owner must be a member of the team",
  newOwnerNeedsPlan: "The new owner's plan does not include team collaboration",
  notUniverseOwner: "Only the universe's owner can share it",
  alreadyShared: "This universe is already shared with this team",
} as const;

/** Members (owner included) and waiting invitations both take a place under maxTeamMembers. */
export type TeamLimitCheck = PlanLimitCheck<"maxTeamMembers">;

export function checkNewTeamMember(
  used: { members: number; pendingInvites: number },
  limits: Pick<TierLimits, "maxTeamMembers">,
): TeamLimitCheck {
  const places = used.members + used.pendingInvites;
  return checkCountLimit(places, limits, "maxTeamMembers", TEAM_MESSAGES.memberLimit);
}

const TeamName = requiredText(80);
const Id = z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(100);

/** POST /api/teams and PATCH /api/teams/:id: a new team's name and a new name for a team follow one rule. */
export const TeamNameBody = z.object({ name: TeamName });
export type TeamNameBody = z.infer<typeof TeamNameBody>;

export const TeamIdParams = z.object({ id: Id });
export type TeamIdParams = z.infer<typeof TeamIdParams>;

export const TeamMemberParams = z.object({ id: Id, userId: Id });
export type TeamMemberParams = z.infer<typeof TeamMemberParams>;

export const TeamInviteParams = z.object({ id: Id, inviteId: Id });
export type TeamInviteParams = z.infer<typeof TeamInviteParams>;

export const InviteTokenParams = z.object({ token: requiredText(200) });
export type InviteTokenParams = z.infer<typeof InviteTokenParams>;

export const InviteMemberBody = z.object({ email: Email });
export type InviteMemberBody = z.infer<typeof InviteMemberBody>;

export const InviteTokenBody = z.object({ token: requiredText(200) });
export type InviteTokenBody = z.infer<typeof InviteTokenBody>;

export const UpdateMemberBody = z.object({
  canWrite: z.boolean({ error: MESSAGES.invalidFormat }),
});
export type UpdateMemberBody = z.infer<typeof UpdateMemberBody>;

export const TransferTeamBody = z.object({ userId: Id });
export type TransferTeamBody = z.infer<typeof TransferTeamBody>;

export const ShareUniverseBody = z.object({ teamId: Id });
export type ShareUniverseBody = z.infer<typeof ShareUniverseBody>;

export const UniverseShareParams = z.object({ id: Id, teamId: Id });
export type UniverseShareParams = z.infer<typeof UniverseShareParams>;

/** GET /api/admin/teams. */
export const AdminTeamsQuery = z.object({
  q: SearchText,
  ...pageFields,
});
export type AdminTeamsQuery = z.infer<typeof AdminTeamsQuery>;
