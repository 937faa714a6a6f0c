// The users API for admins: list with search, paging and sorting; read, change roles and plan, delete — never the last admin.
// Plan changes go through the plans feature's billing provider, so they are recorded like a user's own.
import type { AdminUserUpdateBody, UserListQuery } from "@aacos/domain/validation";
import { and, asc, count, desc, eq, ilike, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema.js";
import { conflict, forbidden, notFound } from "../../platform/errors.js";
import type { UserRow } from "../../platform/auth.js";
import type { AuditContext, AuditService } from "../audit/index.js";
import type { PlanService } from "../plans/index.js";

const LAST_ADMIN = "The last admin cannot be removed";

export function createUserService(deps: {
  db: Db;
  clock: () => Date;
  audit: AuditService;
  plans: Pick<PlanService, "setByAdmin">;
}) {
  const { db, clock, audit, plans } = deps;

  async function otherAdmins(userId: string): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(users)
      .where(and(ne(users.id, userId), sql`'admin' = any(${users.roles})`));
    return row?.total ?? 0;
  }

  async function get(id: string): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    if (user === undefined) throw notFound("No such user");
    return user;
  }

  return {
    get,

    async list(query: UserListQuery) {
      const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, "\\$&")}%` : null;
      const where = pattern
        ? or(
            ilike(users.email, pattern),
            ilike(users.username, pattern),
            ilike(users.displayName, pattern),
          )
        : undefined;
      const column = { createdAt: users.createdAt, email: users.email, username: users.username }[
        query.sort
      ];
      const [items, totals] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(query.order === "asc" ? asc(column) : desc(column), asc(users.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { items, total: totals[0]?.total ?? 0 };
    },

    async update(id: string, body: AdminUserUpdateBody, context: AuditContext): Promise<UserRow> {
      const user = await get(id);
      if (
        body.roles !== undefined &&
        user.roles.includes("admin") &&
        !body.roles.includes("admin")
      ) {
        if ((await otherAdmins(id)) === 0) throw conflict(LAST_ADMIN, { roles: LAST_ADMIN });
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
      if (updated === undefined) throw notFound("No such user");
      if (body.roles !== undefined) {
        await audit.record(context, "user.roles_changed", id, { from: user.roles, to: body.roles });
      }
      if (body.tier !== undefined || body.world !== undefined) {
        await audit.record(context, "user.plan_changed", id, {
          tier: body.tier,
          world: body.world,
        });
      }
      return updated;
    },

    /** Removes the user and, through the cascade, every session, factor and token of theirs. */
    async remove(id: string, context: AuditContext): Promise<void> {
      const user = await get(id);
      if (user.roles.includes("admin") && (await otherAdmins(id)) === 0) throw conflict(LAST_ADMIN);
      await db.delete(users).where(eq(users.id, id));
      await audit.record(context, "user.deleted", id, { email: user.email });
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
