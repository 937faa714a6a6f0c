// Instance-wide settings and one-time markers.
import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Instance-wide settings and one-time markers (for example the first start). */
export const instanceSettings = pgTable("instance_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
