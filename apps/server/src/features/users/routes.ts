// HTTP of the users API (docs/product.md §7): admins manage everyone (list, edit, suspend, reactivate, sign out everywhere,
// delete); a user reads their own profile.
import { AdminUserListQuery } from "@aacos/domain/admin-console";
import {
  AdminUser,
  numberedPageOf,
  PublicUser,
  replyOf,
  SignedOutSessions,
} from "@aacos/domain/replies";
import { AdminUserUpdateBody } from "@aacos/domain/validation";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { UserRow } from "../../platform/auth.js";
import { callerOf } from "../../platform/auth.js";
import { forbidden } from "../../platform/errors.js";
import { clientOf, publicUser } from "../auth/index.js";
import type { UserService } from "./service.js";

/** What the admin console shows of a user: the public record plus status and last sign-in. */
function adminUserView(user: UserRow & { lastSignInAt?: Date | null }): AdminUser {
  return {
    ...publicUser(user),
    suspendedAt: user.suspendedAt?.toISOString() ?? null,
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
  };
}

const IdParams = z.object({ id: z.uuid("Invalid format") });

export async function userRoutes(app: FastifyInstance, deps: { users: UserService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = app.requireAccess({ anyRole: ["admin"], allPermissions: ["admin.access"] });

  api.get(
    "/api/users/profile",
    { onRequest: app.authenticate, schema: { response: { 200: replyOf("user", PublicUser) } } },
    async (request) => {
      const caller = callerOf(request);
      return { user: publicUser(caller.user) };
    },
  );

  api.get(
    "/api/users",
    {
      onRequest: adminOnly,
      schema: { querystring: AdminUserListQuery, response: { 200: numberedPageOf(AdminUser) } },
    },
    async (request) => {
      const { items, total } = await deps.users.list(request.query);
      return {
        items: items.map(adminUserView),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );

  /** Admins read anyone; a user may read only themself. */
  api.get(
    "/api/users/:id",
    {
      onRequest: app.authenticate,
      schema: { params: IdParams, response: { 200: replyOf("user", PublicUser) } },
    },
    async (request) => {
      const principal = callerOf(request);
      const isAdmin = principal.permissions.includes("admin.access");
      if (!isAdmin && principal.user.id !== request.params.id) throw forbidden();
      return { user: publicUser(await deps.users.get(request.params.id)) };
    },
  );

  api.put(
    "/api/users/:id",
    {
      onRequest: adminOnly,
      schema: {
        params: IdParams,
        body: AdminUserUpdateBody,
        response: { 200: replyOf("user", AdminUser) },
      },
    },
    async (request) => {
      const user = await deps.users.update(request.params.id, request.body, clientOf(request));
      return { user: adminUserView(user) };
    },
  );

  for (const action of ["suspend", "reactivate"] as const) {
    api.post(
      `/api/users/:id/${action}`,
      {
        onRequest: adminOnly,
        schema: { params: IdParams, response: { 200: replyOf("user", AdminUser) } },
      },
      async (request) => {
        const user = await deps.users[action](request.params.id, clientOf(request));
        return { user: adminUserView(user) };
      },
    );
  }

  api.post(
    "/api/users/:id/sign-out-everywhere",
    { onRequest: adminOnly, schema: { params: IdParams, response: { 200: SignedOutSessions } } },
    async (request) => {
      const sessions = await deps.users.signOutEverywhere(request.params.id, clientOf(request));
      return { sessions };
    },
  );

  api.delete(
    "/api/users/:id",
    { onRequest: adminOnly, schema: { params: IdParams } },
    async (request, reply) => {
      await deps.users.remove(request.params.id, clientOf(request));
      return reply.status(204).send();
    },
  );
}
