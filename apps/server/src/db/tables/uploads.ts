// Uploaded files.
import { bigint, index, pgTable, text } from "drizzle-orm/pg-core";
import { cascadeRef, createdAt, uuidId } from "./columns.js";
import { users } from "./users.js";

/** Uploaded files; the bytes live in the storage backend under `storageKey`. */
export const files = pgTable(
  "files",
  {
    id: uuidId(),
    userId: cascadeRef("user_id", () => users.id),
    name: text("name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    mimeType: text("mime_type").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("files_user").on(table.userId)],
);
