// The teams feature's shapes: what its service hands to routes, and what it needs.

import type { TierLimits, TierName, WorldName } from "@aacos/domain/catalog";
import type { AdminTeamItem } from "@aacos/domain/replies";
import type { TeamRole } from "@aacos/domain/teams";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import type { Mailer } from "../mail/index.js";
import type { SignalInput } from "../signals/index.js";

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
