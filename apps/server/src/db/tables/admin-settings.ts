// Tables of the admin-settings feature.
import * as pg from "drizzle-orm/pg-core";
import { timestampTz, updatedAt } from "./columns.js";
import { users } from "./users.js";

/**
 * Admins' overrides of the built-in plan catalogue, one row per changed field (`limits.maxTeamMembers`,
 * `price.monthly`); the effective catalogue is the built-in one plus these rows. kind: "tier" | "world".
 */
export const catalogOverrides = pg.pgTable(
  "catalog_overrides",
  {
    kind: pg.text("kind").notNull(),
    name: pg.text("name").notNull(),
    field: pg.text("field").notNull(),
    value: pg.integer("value").notNull(),
    // Not user-owned data: the admin who set it may be deleted, the setting stays.
    updatedBy: pg.uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (table) => [pg.primaryKey({ columns: [table.kind, table.name, table.field] })],
);

/** Site-wide switches admins set: `registration_open` (boolean), `maintenance_message` (string or null). */
export const siteSettings = pg.pgTable("site_settings", {
  key: pg.text("key").primaryKey(),
  value: pg.jsonb("value").notNull(),
  updatedBy: pg.uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

/**
 * Every settings change, append-only: who (kept by e-mail too, should the account go), when, old → new.
 * kind: "tier" | "world" (name + field) or "site" (field = the setting's key). A null value is "the default".
 */
export const settingsChanges = pg.pgTable(
  "settings_changes",
  {
    id: pg.bigserial("id", { mode: "number" }).primaryKey(),
    kind: pg.text("kind").notNull(),
    name: pg.text("name"),
    field: pg.text("field").notNull(),
    oldValue: pg.jsonb("old_value"),
    newValue: pg.jsonb("new_value"),
    actorId: pg.uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: pg.text("actor_email"),
    changedAt: timestampTz("changed_at").notNull().defaultNow(),
  },
  (table) => [pg.index("settings_changes_changed_at").on(table.changedAt)],
);
