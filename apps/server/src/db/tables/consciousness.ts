// Consciousness history.
import { bigserial, doublePrecision, index, pgTable } from "drizzle-orm/pg-core";
import { cascadeRef, createdAt } from "./columns.js";
import { users } from "./users.js";

/** A user's consciousness values over time, and their target awareness level. */
export const consciousnessHistory = pgTable(
  "consciousness_history",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: cascadeRef("user_id", () => users.id),
    awareness: doublePrecision("awareness").notNull(),
    integration: doublePrecision("integration").notNull(),
    harmony: doublePrecision("harmony").notNull(),
    targetLevel: doublePrecision("target_level"),
    createdAt: createdAt(),
  },
  (table) => [index("consciousness_history_user").on(table.userId, table.createdAt)],
);
