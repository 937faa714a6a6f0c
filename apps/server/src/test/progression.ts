// Progression checks shared by its tests: every user's totals must equal the sums of their ledger.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { progress } from "../db/schema.js";

/** The users whose experience or tokens differ from their ledger's sums; none, when the books balance. */
export function usersOffTheirLedger(db: Db): Promise<{ userId: string }[]> {
  return db
    .select({ userId: progress.userId })
    .from(progress)
    .where(
      sql`${progress.experience} <> coalesce((select sum(l.xp) from progress_ledger l where l.user_id = ${progress.userId}), 0)
        or ${progress.tokens} <> coalesce((select sum(l.tokens) from progress_ledger l where l.user_id = ${progress.userId}), 0)`,
    );
}
