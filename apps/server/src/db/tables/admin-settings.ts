// Tables of the admin-settings feature.
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { timestampTz, updatedAt } from "./columns.js";
import { users } from "./users.js";

/**
 * Admins' overrides of the built-in plan catalogue, one row per changed field (`limits.maxTeamMembers`,
 * `price.monthly`); the effective catalogue is the built-in one plus these rows. kind: "tier" | "world".
 */
export const catalogOverrides = pgTable(
  "catalog_overrides",
  {
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    field: text("field").notNull(),
    value: integer("value").notNull(),
    // Not user-owned data: the admin who set it may be deleted, the setting stays.
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.name, table.field] })],
);

/** Site-wide switches admins set: `registration_open` (boolean), `maintenance_message` (string or null). */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

/**
 * Every settings change, append-only: who (kept by e-mail too, should the account go), when, old → new.
 * kind: "tier" | "world" (name + field) or "site" (field = the setting's key). A null value is "the default".
 */
export const settingsChanges = pgTable(
  "settings_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    name: text("name"),
    field: text("field").notNull(),
    oldValue: jsonb("old_value"),
    newValue: jsonb("new_value"),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    changedAt: timestampTz("changed_at").notNull().defaultNow(),
  },
  (table) => [index("settings_changes_changed_at").on(table.changedAt)],
);
