// Who of a set of users is an admin right now (roles read from the database, suspended users excluded): the hub asks
// before each admin-only message, so a socket opened as admin stops hearing them the moment that changes.
import { and, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema.js";

export function createAdminCheck(db: Db): (userIds: string[]) => Promise<Set<string>> {
  return async (userIds) => {
    if (userIds.length === 0) return new Set();
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.id, userIds),
          isNull(users.suspendedAt),
          sql`'admin' = any(${users.roles})`,
        ),
      );
    return new Set(rows.map((row) => row.id));
  };
}
