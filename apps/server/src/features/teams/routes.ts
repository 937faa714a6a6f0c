// HTTP of teams under /api/teams (teams, invitations, members, transfer), sharing under /api/aacos/universes/:id/share,
// and the admin console's list at /api/admin/teams.

import {
  AdminTeamItem,
  InvitePreview,
  listOf,
  pageOf,
  replyOf,
  TeamDetail,
  TeamInvite,
  TeamMember,
  TeamRef,
  TeamSummary,
  TransferredTeamReply,
  UniverseShareReply,
} from "@aacos/domain/replies";
import {
  AdminTeamsQuery,
  InviteMemberBody,
  InviteTokenBody,
  InviteTokenParams,
  ShareUniverseBody,
  TeamIdParams,
  TeamInviteParams,
  TeamMemberParams,
  TeamNameBody,
  TransferTeamBody,
  UniverseShareParams,
  UpdateMemberBody,
} from "@aacos/domain/teams";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { callerOf as signedInCaller } from "../../platform/auth.js";
import { clientOf } from "../auth/index.js";
import type { TeamService } from "./service.js";
import type { TeamCaller } from "./types.js";

function callerOf(request: FastifyRequest): TeamCaller {
  const { user } = signedInCaller(request);
  return { id: user.id, email: user.email };
}

export async function teamRoutes(app: FastifyInstance, deps: { teams: TeamService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { teams } = deps;
  const signedIn = { onRequest: app.authenticate };
  const byId = { ...signedIn, schema: { params: TeamIdParams } };
  const adminOnly = app.requireAccess({ anyRole: ["admin"], allPermissions: ["admin.access"] });

  // Teams
  api.post(
    "/api/teams",
    // Creating (owning) a team needs teamCollaboration; joining one does not.
    {
      onRequest: app.requireFeature("teamCollaboration"),
      schema: { body: TeamNameBody, response: { 201: replyOf("team", TeamRef) } },
    },
    async (request, reply) => {
      const team = await teams.create(callerOf(request), request.body.name);
      await app.audit.record(clientOf(request), "team.created", team.id, { name: team.name });
      return reply.status(201).send({ team });
    },
  );
  api.get(
    "/api/teams",
    { ...signedIn, schema: { response: { 200: listOf(TeamSummary) } } },
    async (request) => ({
      items: await teams.listMine(callerOf(request).id),
    }),
  );
  api.get(
    "/api/teams/:id",
    {
      ...signedIn,
      schema: { params: TeamIdParams, response: { 200: replyOf("team", TeamDetail) } },
    },
    async (request) => ({
      team: await teams.detail(callerOf(request).id, request.params.id),
    }),
  );
  api.patch(
    "/api/teams/:id",
    {
      ...signedIn,
      schema: {
        params: TeamIdParams,
        body: TeamNameBody,
        response: { 200: replyOf("team", TeamRef) },
      },
    },
    async (request) => ({
      team: await teams.rename(callerOf(request).id, request.params.id, request.body.name),
    }),
  );
  api.delete("/api/teams/:id", byId, async (request, reply) => {
    const team = await teams.remove(callerOf(request).id, request.params.id);
    await app.audit.record(clientOf(request), "team.deleted", team.id, { name: team.name });
    return reply.status(204).send();
  });

  // Invitations
  api.post(
    "/api/teams/:id/invites",
    {
      ...signedIn,
      schema: {
        params: TeamIdParams,
        body: InviteMemberBody,
        response: { 201: replyOf("invite", TeamInvite) },
      },
    },
    async (request, reply) => {
      const { invite, team } = await teams.invite(
        callerOf(request),
        request.params.id,
        request.body.email,
      );
      await app.audit.record(clientOf(request), "team.invite_sent", team.id, {
        inviteId: invite.id,
        email: invite.email,
      });
      return reply.status(201).send({ invite });
    },
  );
  api.delete(
    "/api/teams/:id/invites/:inviteId",
    { ...signedIn, schema: { params: TeamInviteParams } },
    async (request, reply) => {
      await teams.revokeInvite(callerOf(request).id, request.params.id, request.params.inviteId);
      return reply.status(204).send();
    },
  );
  api.get(
    "/api/teams/invites/:token",
    {
      ...signedIn,
      schema: { params: InviteTokenParams, response: { 200: replyOf("invite", InvitePreview) } },
    },
    async (request) => ({ invite: await teams.preview(callerOf(request), request.params.token) }),
  );
  api.post(
    "/api/teams/invites/accept",
    { ...signedIn, schema: { body: InviteTokenBody, response: { 200: replyOf("team", TeamRef) } } },
    async (request) => {
      const team = await teams.accept(callerOf(request), request.body.token);
      await app.audit.record(clientOf(request), "team.joined", team.id);
      return { team };
    },
  );
  api.post(
    "/api/teams/invites/decline",
    { ...signedIn, schema: { body: InviteTokenBody } },
    async (request, reply) => {
      await teams.decline(callerOf(request), request.body.token);
      return reply.status(204).send();
    },
  );

  // Members
  api.patch(
    "/api/teams/:id/members/:userId",
    {
      ...signedIn,
      schema: {
        params: TeamMemberParams,
        body: UpdateMemberBody,
        response: { 200: replyOf("member", TeamMember) },
      },
    },
    async (request) => ({
      member: await teams.setWriteAccess(
        callerOf(request).id,
        request.params.id,
        request.params.userId,
        request.body.canWrite,
      ),
    }),
  );
  api.delete(
    "/api/teams/:id/members/:userId",
    { ...signedIn, schema: { params: TeamMemberParams } },
    async (request, reply) => {
      const { team, self } = await teams.removeMember(
        callerOf(request).id,
        request.params.id,
        request.params.userId,
      );
      await app.audit.record(clientOf(request), "team.member_removed", team.id, {
        userId: request.params.userId,
        left: self,
      });
      return reply.status(204).send();
    },
  );
  api.post(
    "/api/teams/:id/transfer",
    {
      ...signedIn,
      schema: {
        params: TeamIdParams,
        body: TransferTeamBody,
        response: { 200: TransferredTeamReply },
      },
    },
    async (request) => {
      const team = await teams.transfer(
        callerOf(request).id,
        request.params.id,
        request.body.userId,
      );
      await app.audit.record(clientOf(request), "team.transferred", team.id, {
        newOwnerId: team.ownerId,
      });
      return { team };
    },
  );

  // Sharing a universe with a team
  api.post(
    "/api/aacos/universes/:id/share",
    {
      ...signedIn,
      schema: {
        params: TeamIdParams,
        body: ShareUniverseBody,
        response: { 200: UniverseShareReply },
      },
    },
    async (request) => {
      const share = await teams.share(callerOf(request).id, request.params.id, request.body.teamId);
      await app.audit.record(clientOf(request), "team.universe_shared", share.teamId, {
        universeId: share.universeId,
      });
      return { share };
    },
  );
  api.delete(
    "/api/aacos/universes/:id/share/:teamId",
    { ...signedIn, schema: { params: UniverseShareParams } },
    async (request, reply) => {
      await teams.unshare(callerOf(request).id, request.params.id, request.params.teamId);
      await app.audit.record(clientOf(request), "team.universe_unshared", request.params.teamId, {
        universeId: request.params.id,
      });
      return reply.status(204).send();
    },
  );

  // Admin console
  api.get(
    "/api/admin/teams",
    {
      onRequest: adminOnly,
      schema: { querystring: AdminTeamsQuery, response: { 200: pageOf(AdminTeamItem) } },
    },
    async (request) => teams.adminList(request.query),
  );
}
