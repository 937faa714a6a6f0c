// Erasing a user, for their own deletion and an admin's alike (docs/decisions/131): the files (rows, then bytes), the
// logs that outlive accounts anonymised, mail and invitations to their address, then the user row, whose delete
// cascades to every table they own.
import { eq } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { auditLog, mailOutbox, settingsChanges, teamInvites, users } from "../../db/schema.js";
import type { FileService } from "../files/index.js";
import { ownedTables } from "./owned-tables.js";

export async function eraseUser(
  db: Db,
  files: Pick<FileService, "removeAllOf">,
  user: { id: string; email: string },
): Promise<void> {
  const userId = user.id;
  await files.removeAllOf(userId);
  await db.transaction(async (tx) => {
    // Columns without ON DELETE CASCADE/SET NULL (logs that outlive accounts) are cleared here.
    for (const table of ownedTables()) {
      for (const column of table.userColumns) {
        if (table.handledByDatabase.includes(column)) continue;
        await anonymise(tx, table.table, column, userId);
      }
    }
    await tx
      .update(auditLog)
      .set({ targetId: null, data: {} })
      .where(eq(auditLog.targetId, userId));
    await tx.delete(mailOutbox).where(eq(mailOutbox.to, user.email));
    // The settings log keeps an admin's e-mail beside the id its foreign key clears.
    await tx
      .update(settingsChanges)
      .set({ actorEmail: null })
      .where(eq(settingsChanges.actorId, userId));
    await tx.delete(teamInvites).where(eq(teamInvites.email, user.email));
    await tx.delete(users).where(eq(users.id, userId));
  });
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Clears a loose user column: to null where it may be null; a NOT NULL one marks the row as theirs, so it goes. */
async function anonymise(
  tx: Tx,
  table: ReturnType<typeof ownedTables>[number]["table"],
  column: PgColumn,
  userId: string,
): Promise<void> {
  if (column.notNull) {
    await tx.delete(table).where(eq(column, userId));
    return;
  }
  await tx
    .update(table)
    .set({ [columnKey(table, column)]: null })
    .where(eq(column, userId));
}

function columnKey(table: ReturnType<typeof ownedTables>[number]["table"], column: PgColumn) {
  const entry = Object.entries(table).find(([, value]) => value === column);
  return entry?.[0] ?? column.name;
}
