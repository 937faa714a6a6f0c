// Which tables hold a user's rows, found from the Drizzle schema itself, so a table another feature adds later is
// exported and checked without editing this file: every table with a `user_id` column or a foreign key to users.
import { getTableName, is } from "drizzle-orm";
import { getTableConfig, type PgColumn, PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../db/schema.js";

export interface OwnedTable {
  table: PgTable;
  name: string;
  /** Columns that hold the owner's id. */
  userColumns: PgColumn[];
  /** Whether every user column is a foreign key to users with ON DELETE CASCADE. */
  cascades: boolean;
  /** User columns the database clears itself when the user goes (ON DELETE CASCADE or SET NULL). */
  handledByDatabase: PgColumn[];
}

/** Columns that name a user without a foreign key (logs that outlive an account); deletion anonymises them. */
const LOOSE_USER_COLUMNS = new Set(["user_id", "actor_id", "resolved_by"]);

export function ownedTables(): OwnedTable[] {
  const usersTable = schema.users;
  const found: OwnedTable[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable) || value === usersTable) continue;
    const config = getTableConfig(value);
    const cascading = new Map<string, boolean>();
    const handled = new Set<string>();
    for (const key of config.foreignKeys) {
      const reference = key.reference();
      if (reference.foreignTable !== usersTable) continue;
      for (const column of reference.columns) {
        cascading.set(column.name, key.onDelete === "cascade");
        if (key.onDelete === "cascade" || key.onDelete === "set null") handled.add(column.name);
      }
    }
    const userColumns = config.columns.filter(
      (column) => cascading.has(column.name) || LOOSE_USER_COLUMNS.has(column.name),
    );
    if (userColumns.length === 0) continue;
    found.push({
      table: value,
      name: getTableName(value),
      userColumns,
      cascades: userColumns.every((column) => cascading.get(column.name) === true),
      handledByDatabase: userColumns.filter((column) => handled.has(column.name)),
    });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}
