// Tables of entity orchestration; schema.ts re-exports it for Drizzle and drizzle-kit.
import { boolean, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { cascadeRef, createdAt } from "./columns.js";
import { users } from "./users.js";
import { entities } from "./workspace.js";

/**
 * A hold on an entity set in orchestration (docs/decisions/100-entity-orchestration.md): while it exists the entity
 * refuses new runs. `byManager` marks holds an admin or operator set on someone else's entity, which the owner
 * cannot lift.
 */
export const entityHolds = pgTable("entity_holds", {
  entityId: uuid("entity_id")
    .primaryKey()
    .references(() => entities.id, { onDelete: "cascade" }),
  /** The entity's owner (account deletion removes the hold with the entity). */
  userId: cascadeRef("user_id", () => users.id),
  /** paused or stopped. */
  state: text("state").notNull(),
  byManager: boolean("by_manager").notNull().default(false),
  actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});
