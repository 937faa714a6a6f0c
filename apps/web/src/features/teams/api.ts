// Calls of the teams screens (GET/POST /api/teams…, invitations, members, sharing) and their shapes.
import { apiDelete, apiGet, apiPatch, apiPost } from "../../lib/api-client";

export type TeamRole = "owner" | "member";

export interface TeamSummary {
  id: string;
  name: string;
  ownerId: string;
  ownerUsername: string;
  role: TeamRole;
  canWrite: boolean;
  memberCount: number;
  createdAt: string;
}

export interface TeamMember {
  userId: string;
  username: string;
  /** Shown to the owner only. */
  email: string | null;
  role: TeamRole;
  canWrite: boolean;
  joinedAt: string;
}

export interface TeamInvite {
  id: string;
  email: string;
  createdAt: string;
  expiresAt: string;
}

export interface SharedUniverse {
  id: string;
  name: string;
  ownerId: string;
  ownerUsername: string;
  entityCount: number;
  sharedAt: string;
}

export interface TeamDetail {
  id: string;
  name: string;
  ownerId: string;
  createdAt: string;
  role: TeamRole;
  canWrite: boolean;
  /** −1: unlimited. */
  memberLimit: number;
  members: TeamMember[];
  invites: TeamInvite[];
  universes: SharedUniverse[];
}

export interface InvitePreview {
  teamId: string;
  teamName: string;
  invitedBy: string;
  email: string;
  expiresAt: string;
  forYou: boolean;
  alreadyMember: boolean;
}

export const teamKeys = {
  all: ["teams"] as const,
  list: ["teams", "list"] as const,
  detail: (id: string) => ["teams", "detail", id] as const,
  invite: (token: string) => ["teams", "invite", token] as const,
};

export const teamsApi = {
  list: (signal?: AbortSignal) =>
    apiGet<{ items: TeamSummary[] }>("/teams", signal).then((reply) => reply.items),
  detail: (id: string, signal?: AbortSignal) =>
    apiGet<{ team: TeamDetail }>(`/teams/${id}`, signal).then((reply) => reply.team),
  create: (name: string) => apiPost<{ team: { id: string; name: string } }>("/teams", { name }),
  rename: (id: string, name: string) =>
    apiPatch<{ team: { id: string } }>(`/teams/${id}`, { name }),
  remove: (id: string) => apiDelete(`/teams/${id}`),
  invite: (id: string, email: string) =>
    apiPost<{ invite: TeamInvite }>(`/teams/${id}/invites`, { email }),
  revokeInvite: (id: string, inviteId: string) => apiDelete(`/teams/${id}/invites/${inviteId}`),
  setWriteAccess: (id: string, userId: string, canWrite: boolean) =>
    apiPatch<{ member: TeamMember }>(`/teams/${id}/members/${userId}`, { canWrite }),
  removeMember: (id: string, userId: string) => apiDelete(`/teams/${id}/members/${userId}`),
  transfer: (id: string, userId: string) =>
    apiPost<{ team: { id: string; ownerId: string } }>(`/teams/${id}/transfer`, { userId }),
  share: (universeId: string, teamId: string) =>
    apiPost<{ share: { universeId: string; teamId: string } }>(
      `/aacos/universes/${universeId}/share`,
      { teamId },
    ),
  unshare: (universeId: string, teamId: string) =>
    apiDelete(`/aacos/universes/${universeId}/share/${teamId}`),
  preview: (token: string, signal?: AbortSignal) =>
    apiGet<{ invite: InvitePreview }>(`/teams/invites/${encodeURIComponent(token)}`, signal).then(
      (reply) => reply.invite,
    ),
  accept: (token: string) =>
    apiPost<{ team: { id: string; name: string } }>("/teams/invites/accept", { token }),
  decline: (token: string) => apiPost<void>("/teams/invites/decline", { token }),
};
