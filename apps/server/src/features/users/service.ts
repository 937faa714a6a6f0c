// The users API for admins: list with search, filters, paging and sorting; read, change roles and plan, suspend,
// reactivate, sign out everywhere, delete — never the last admin.
// Plan changes go through the plans feature's billing provider, so they are recorded like a user's own.

import { ADMIN_CONSOLE_MESSAGES, type AdminUserListQuery } from "@aacos/domain/admin-console";
import { fieldFailure } from "@aacos/domain/errors";
import type { AdminUserUpdateBody } from "@aacos/domain/validation";
import { and, asc, count, eq, ilike, isNotNull, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { likeContaining } from "../../db/like.js";
import { fetchPage } from "../../db/paging.js";
import { progress, users } from "../../db/schema.js";
import { revokeUserSessions, type UserRow } from "../../platform/auth.js";
import { conflict, forbidden, notFound } from "../../platform/errors.js";
import { eraseUser } from "../account/index.js";
import type { AuditContext, AuditService } from "../audit/index.js";
import type { FileService } from "../files/index.js";
import type { PlanService } from "../plans/index.js";

const LAST_ADMIN = "The last admin cannot be removed";

export function createUserService(deps: {
  db: Db;
  clock: () => Date;
  audit: AuditService;
  plans: Pick<PlanService, "setByAdmin">;
  /** A removed user's files go with their bytes. */
  files: Pick<FileService, "removeAllOf">;
  /** Told when a user's access changed (suspended, deleted, signed out everywhere, roles or plan): open realtime
   *  sockets close on every instance. */
  onAccessChanged?: (userId: string) => Promise<void>;
}) {
  const { db, clock, audit, plans } = deps;
  const accessChanged = (userId: string) => deps.onAccessChanged?.(userId) ?? Promise.resolve();

  /** Admins other than this user who can still sign in (a suspended admin does not count). */
  async function otherAdmins(userId: string): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(users)
      .where(
        and(ne(users.id, userId), sql`'admin' = any(${users.roles})`, isNull(users.suspendedAt)),
      );
    return row?.total ?? 0;
  }

  async function get(id: string): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    if (user === undefined) throw notFound("user", "No such user");
    return user;
  }

  return {
    get,

    /** One page of users with their last sign-in; every filter, the sort and the paging run in SQL. */
    async list(query: AdminUserListQuery) {
      const pattern = query.search ? likeContaining(query.search) : null;
      const conditions: (SQL | undefined)[] = [
        pattern
          ? or(
              ilike(users.email, pattern),
              ilike(users.username, pattern),
              ilike(users.displayName, pattern),
            )
          : undefined,
        query.role ? sql`${query.role} = any(${users.roles})` : undefined,
        query.tier ? eq(users.tier, query.tier) : undefined,
        query.world ? eq(users.world, query.world) : undefined,
        query.status === "suspended" ? isNotNull(users.suspendedAt) : undefined,
        query.status === "active" ? isNull(users.suspendedAt) : undefined,
      ];
      const where = and(...conditions);
      const direction = query.order === "asc" ? sql`asc` : sql`desc`;
      const column = {
        createdAt: users.createdAt,
        email: users.email,
        username: users.username,
        lastSignIn: progress.lastLogin,
      }[query.sort];
      const { items, total } = await fetchPage(
        query,
        db
          .select({ user: users, lastSignInAt: progress.lastLogin })
          .from(users)
          .leftJoin(progress, eq(progress.userId, users.id))
          .where(where)
          // Never signed in sorts last either way.
          .orderBy(sql`${column} ${direction} nulls last`, asc(users.id)),
        db.select({ n: count() }).from(users).where(where),
      );
      return {
        items: items.map((row) => ({ ...row.user, lastSignInAt: row.lastSignInAt })),
        total,
      };
    },

    /** Suspends a user: every session ends and their tokens are refused with 403 until reactivated. */
    async suspend(id: string, context: AuditContext): Promise<UserRow> {
      const user = await get(id);
      if (context.actorId === id) {
        throw conflict("cannot_suspend_self", ADMIN_CONSOLE_MESSAGES.cannotSuspendSelf);
      }
      if (user.suspendedAt !== null) return user;
      if (user.roles.includes("admin") && (await otherAdmins(id)) === 0) {
        throw conflict("last_active_admin", ADMIN_CONSOLE_MESSAGES.lastActiveAdmin);
      }
      const now = clock();
      const [updated] = await db
        .update(users)
        .set({ suspendedAt: now, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      if (updated === undefined) throw notFound("user", "No such user");
      const sessions = await revokeUserSessions(db, id, now);
      await audit.record(context, "user.suspended", id, { email: user.email, sessions });
      await accessChanged(id);
      return updated;
    },

    /** Lifts a suspension; the user signs in again (the old sessions stay ended). */
    async reactivate(id: string, context: AuditContext): Promise<UserRow> {
      const user = await get(id);
      if (user.suspendedAt === null) return user;
      const [updated] = await db
        .update(users)
        .set({ suspendedAt: null, updatedAt: clock() })
        .where(eq(users.id, id))
        .returning();
      if (updated === undefined) throw notFound("user", "No such user");
      await audit.record(context, "user.reactivated", id, { email: user.email });
      return updated;
    },

    /** Ends every session of a user: refresh tokens are revoked and access tokens refused at once. */
    async signOutEverywhere(id: string, context: AuditContext): Promise<number> {
      const user = await get(id);
      const sessions = await revokeUserSessions(db, id, clock());
      await audit.record(context, "user.signed_out_everywhere", id, {
        email: user.email,
        sessions,
      });
      await accessChanged(id);
      return sessions;
    },

    async update(id: string, body: AdminUserUpdateBody, context: AuditContext): Promise<UserRow> {
      const user = await get(id);
      if (
        body.roles !== undefined &&
        user.roles.includes("admin") &&
        !body.roles.includes("admin")
      ) {
        if ((await otherAdmins(id)) === 0)
          throw conflict("last_admin", LAST_ADMIN, {
            roles: fieldFailure(LAST_ADMIN, "last_admin"),
          });
      }
      const { tier, world, ...profile } = body;
      if (tier !== undefined || world !== undefined) {
        if (context.actorId === null) throw forbidden();
        // An admin's change applies at once, downgrades and lower worlds included.
        await plans.setByAdmin(id, { tier, world }, context.actorId);
      }
      const [updated] = await db
        .update(users)
        .set({ ...profile, updatedAt: clock() })
        .where(eq(users.id, id))
        .returning();
      if (updated === undefined) throw notFound("user", "No such user");
      if (body.roles !== undefined) {
        await audit.record(context, "user.roles_changed", id, { from: user.roles, to: body.roles });
      }
      if (body.tier !== undefined || body.world !== undefined) {
        await audit.record(context, "user.plan_changed", id, {
          tier: body.tier,
          world: body.world,
        });
      }
      if (body.roles !== undefined || body.tier !== undefined || body.world !== undefined) {
        await accessChanged(id);
      }
      return updated;
    },

    /**
     * Erases the user as their own deletion does (files, anonymised logs, every owned row, sessions included). The
     * audit keeps which admin deleted an account, not whose: naming it would keep what the deletion erased.
     */
    async remove(id: string, context: AuditContext): Promise<void> {
      const user = await get(id);
      if (user.roles.includes("admin") && (await otherAdmins(id)) === 0)
        throw conflict("last_admin", LAST_ADMIN);
      await eraseUser(db, deps.files, user);
      await audit.record(context, "user.deleted", null, { byAdmin: true });
      await accessChanged(id);
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
