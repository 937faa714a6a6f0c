// The signal stream.
import { bigserial, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { users } from "./users.js";

/** One append-only stream of everything that happens for a user (runs, syncs, quota hits, security, progression, alerts). */
export const signals = pgTable(
  "signals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    source: text("source").notNull(),
    severity: text("severity").notNull().default("info"),
    data: jsonb("data").notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    index("signals_user_id").on(table.userId, table.id),
    index("signals_created").on(table.createdAt),
  ],
);
