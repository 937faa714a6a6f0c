// Instance-wide settings and one-time markers.
import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns.js";

/** Instance-wide settings and one-time markers (for example the first start). */
export const instanceSettings = pgTable("instance_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});
