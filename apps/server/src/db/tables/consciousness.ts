// Consciousness history.
import { bigserial, doublePrecision, index, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/** A user's consciousness values over time, and their target awareness level. */
export const consciousnessHistory = pgTable(
  "consciousness_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    awareness: doublePrecision("awareness").notNull(),
    integration: doublePrecision("integration").notNull(),
    harmony: doublePrecision("harmony").notNull(),
    targetLevel: doublePrecision("target_level"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("consciousness_history_user").on(table.userId, table.createdAt)],
);
