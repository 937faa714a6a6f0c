// Column builders that most tables share, so each table lists only what is its own. Each call returns a fresh
// builder; the SQL they produce is the one the tables spelled out before (drizzle-kit generates no migration).
import { type AnyPgColumn, timestamp, uuid } from "drizzle-orm/pg-core";

/** An instant; every timestamp here keeps its time zone. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** `id`: a random UUID primary key. */
export const uuidId = () => uuid("id").primaryKey().defaultRandom();

/** `created_at`: when the row was written, filled in by the database. */
export const createdAt = () => timestampTz("created_at").notNull().defaultNow();

/** `updated_at`: the last change, starting at the row's creation; the services set it on update. */
export const updatedAt = () => timestampTz("updated_at").notNull().defaultNow();

/** A required reference to another row's `id`; the row goes when the one it points at is deleted. */
export const cascadeRef = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: "cascade" });
