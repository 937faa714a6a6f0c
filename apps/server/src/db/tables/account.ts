// Tables of the account feature ("Your data", the desktop layout).
import { jsonb, pgTable, uuid } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns.js";
import { users } from "./users.js";

/** One /desktop workspace layout per user (a DesktopLayout from @aacos/domain/layout). */
export const userLayouts = pgTable("user_layouts", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  layout: jsonb("layout").notNull(),
  updatedAt: updatedAt(),
});
