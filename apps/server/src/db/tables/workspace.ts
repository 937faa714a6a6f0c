// The workspace: universes, their entities, knowledge files and searchable passages, every entity run, and
// reality-forge templates.
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { cascadeRef, createdAt, timestampTz, updatedAt, uuidId } from "./columns.js";
import { files } from "./uploads.js";
import { users } from "./users.js";

/** PostgreSQL's full-text document type (Drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A user's projects. Archived ones count against maxProjects, not maxActiveUniverses. */
export const universes = pgTable(
  "universes",
  {
    id: uuidId(),
    userId: cascadeRef("user_id", () => users.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    archivedAt: timestampTz("archived_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("universes_user").on(table.userId)],
);

/** AI agents inside a universe. */
export const entities = pgTable(
  "entities",
  {
    id: uuidId(),
    universeId: cascadeRef("universe_id", () => universes.id),
    userId: cascadeRef("user_id", () => users.id),
    name: text("name").notNull(),
    role: text("role").notNull(),
    systemPrompt: text("system_prompt").notNull(),
    model: text("model"),
    temperature: doublePrecision("temperature").notNull().default(0.7),
    status: text("status").notNull().default("idle"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("entities_universe").on(table.universeId),
    index("entities_user").on(table.userId),
  ],
);

/** A file (from the upload API) attached to an entity as knowledge. */
export const knowledgeFiles = pgTable(
  "knowledge_files",
  {
    id: uuidId(),
    entityId: cascadeRef("entity_id", () => entities.id),
    fileId: cascadeRef("file_id", () => files.id),
    userId: cascadeRef("user_id", () => users.id),
    status: text("status").notNull().default("indexed"),
    passageCount: integer("passage_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("knowledge_files_entity_file").on(table.entityId, table.fileId)],
);

/** Searchable passages of knowledge files; `search` is generated with the `simple` configuration (Hebrew has no stemmer). */
export const passages = pgTable(
  "passages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    knowledgeFileId: cascadeRef("knowledge_file_id", () => knowledgeFiles.id),
    entityId: cascadeRef("entity_id", () => entities.id),
    position: integer("position").notNull(),
    content: text("content").notNull(),
    search: tsvector("search").notNull().generatedAlwaysAs(sql`to_tsvector('simple', content)`),
  },
  (table) => [
    index("passages_search").using("gin", table.search),
    index("passages_entity").on(table.entityId),
  ],
);

/** Every run of an entity: chat answers, command-centre commands, universe syncs (who, what, tokens, time, outcome). */
export const runs = pgTable(
  "runs",
  {
    id: uuidId(),
    userId: cascadeRef("user_id", () => users.id),
    kind: text("kind").notNull(),
    universeId: uuid("universe_id"),
    entityId: uuid("entity_id"),
    /** Groups the runs of one command sent to several entities. */
    commandId: uuid("command_id"),
    input: text("input").notNull().default(""),
    output: text("output").notNull().default(""),
    status: text("status").notNull(),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    durationMs: integer("duration_ms").notNull().default(0),
    error: text("error"),
    /** The error as a code and params (packages/domain/src/run-errors.ts); null on rows stored before 245. */
    errorCode: text("error_code"),
    errorParams: jsonb("error_params"),
    createdAt: createdAt(),
    finishedAt: timestampTz("finished_at"),
  },
  (table) => [
    index("runs_user_created").on(table.userId, table.createdAt),
    index("runs_created").on(table.createdAt),
  ],
);

/** Reality-forge templates: a saved universe (entities, prompts, settings, knowledge references). */
export const universeTemplates = pgTable("universe_templates", {
  id: uuidId(),
  userId: cascadeRef("user_id", () => users.id),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  content: jsonb("content").notNull(),
  isPublic: boolean("is_public").notNull().default(false),
  createdAt: createdAt(),
});
