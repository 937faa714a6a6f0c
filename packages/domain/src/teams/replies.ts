// Replies of teams: the caller's teams, one team with its members, invitations and shared universes, an invitation's
// preview and the changes' answers.
import { z } from "zod";
import { Timestamp } from "../replies/common.js";
import { namedWithOwner, userRef } from "../replies/fields.js";
import { TEAM_ROLES } from "./index.js";

/** A team created, renamed or joined: its id and name. */
export const TeamRef = z.object({ id: z.string(), name: z.string() });
export type TeamRef = z.input<typeof TeamRef>;
/** A member's place in a team (the caller's, on their own teams): the role and whether they may change what is shared. */
const membership = { role: z.enum(TEAM_ROLES), canWrite: z.boolean() };

export const TeamSummary = z.object({
  ...namedWithOwner,
  ...membership,
  memberCount: z.number(),
  createdAt: Timestamp,
});
export type TeamSummary = z.input<typeof TeamSummary>;

export const TeamMember = z.object({
  ...userRef,
  /** Shown to the team's owner only. */
  email: z.string().nullable(),
  ...membership,
  joinedAt: Timestamp,
});
export type TeamMember = z.input<typeof TeamMember>;

export const TeamInvite = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: Timestamp,
  expiresAt: Timestamp,
});
export type TeamInvite = z.input<typeof TeamInvite>;

export const SharedUniverse = z.object({
  ...namedWithOwner,
  entityCount: z.number(),
  sharedAt: Timestamp,
});
export type SharedUniverse = z.input<typeof SharedUniverse>;

export const TeamDetail = TeamRef.extend({
  ownerId: z.string(),
  createdAt: Timestamp,
  ...membership,
  /** The owner's effective maxTeamMembers (−1 unlimited); members and waiting invitations count. */
  memberLimit: z.number(),
  members: z.array(TeamMember),
  /** Waiting invitations; listed to the owner only. */
  invites: z.array(TeamInvite),
  universes: z.array(SharedUniverse),
});
export type TeamDetail = z.input<typeof TeamDetail>;

export const InvitePreview = z.object({
  teamId: z.string(),
  teamName: z.string(),
  invitedBy: z.string(),
  email: z.string(),
  expiresAt: Timestamp,
  /** Whether the signed-in account's address is the invited one (only then can it accept). */
  forYou: z.boolean(),
  /** Already a member (accepting just opens the team). */
  alreadyMember: z.boolean(),
});
export type InvitePreview = z.input<typeof InvitePreview>;

export const TransferredTeamReply = z.object({ team: TeamRef.extend({ ownerId: z.string() }) });
export type TransferredTeamReply = z.input<typeof TransferredTeamReply>;
export const UniverseShareReply = z.object({
  share: z.object({ universeId: z.string(), teamId: z.string(), sharedAt: Timestamp }),
});
export type UniverseShareReply = z.input<typeof UniverseShareReply>;
