// Calls of the teams screens (GET/POST /api/teams…, invitations, members, sharing) and their shapes.
import type {
  InvitePreview,
  ListOf,
  ReplyOf,
  TeamDetail,
  TeamInvite,
  TeamMember,
  TeamRef,
  TeamSummary,
  TransferredTeamReply,
  UniverseShareReply,
} from "@aacos/domain/replies";
import { apiDelete, apiGet, apiPatch, apiPost } from "../../lib/api-client";

export type { TeamDetail, TeamMember, TeamSummary } from "@aacos/domain/replies";
export type { TeamRole } from "@aacos/domain/teams";

export const teamKeys = {
  all: ["teams"] as const,
  list: ["teams", "list"] as const,
  detail: (id: string) => ["teams", "detail", id] as const,
  invite: (token: string) => ["teams", "invite", token] as const,
};

export const teamsApi = {
  list: (signal?: AbortSignal) =>
    apiGet<ListOf<typeof TeamSummary>>("/teams", signal).then((reply) => reply.items),
  detail: (id: string, signal?: AbortSignal) =>
    apiGet<ReplyOf<"team", typeof TeamDetail>>(`/teams/${id}`, signal).then((reply) => reply.team),
  create: (name: string) => apiPost<ReplyOf<"team", typeof TeamRef>>("/teams", { name }),
  rename: (id: string, name: string) =>
    apiPatch<ReplyOf<"team", typeof TeamRef>>(`/teams/${id}`, { name }),
  remove: (id: string) => apiDelete(`/teams/${id}`),
  invite: (id: string, email: string) =>
    apiPost<ReplyOf<"invite", typeof TeamInvite>>(`/teams/${id}/invites`, { email }),
  revokeInvite: (id: string, inviteId: string) => apiDelete(`/teams/${id}/invites/${inviteId}`),
  setWriteAccess: (id: string, userId: string, canWrite: boolean) =>
    apiPatch<ReplyOf<"member", typeof TeamMember>>(`/teams/${id}/members/${userId}`, { canWrite }),
  removeMember: (id: string, userId: string) => apiDelete(`/teams/${id}/members/${userId}`),
  transfer: (id: string, userId: string) =>
    apiPost<TransferredTeamReply>(`/teams/${id}/transfer`, { userId }),
  share: (universeId: string, teamId: string) =>
    apiPost<UniverseShareReply>(`/aacos/universes/${universeId}/share`, { teamId }),
  unshare: (universeId: string, teamId: string) =>
    apiDelete(`/aacos/universes/${universeId}/share/${teamId}`),
  preview: (token: string, signal?: AbortSignal) =>
    apiGet<ReplyOf<"invite", typeof InvitePreview>>(
      `/teams/invites/${encodeURIComponent(token)}`,
      signal,
    ).then((reply) => reply.invite),
  accept: (token: string) =>
    apiPost<ReplyOf<"team", typeof TeamRef>>("/teams/invites/accept", { token }),
  decline: (token: string) => apiPost<void>("/teams/invites/decline", { token }),
};
