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
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { files } from "./uploads.js";
import { users } from "./users.js";

/** PostgreSQL's full-text document type (Drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** A user's projects. Archived ones count against maxProjects, not maxActiveUniverses. */
export const universes = pgTable(
  "universes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("universes_user").on(table.userId)],
);

/** AI agents inside a universe. */
export const entities = pgTable(
  "entities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    universeId: uuid("universe_id")
      .notNull()
      .references(() => universes.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    role: text("role").notNull(),
    systemPrompt: text("system_prompt").notNull(),
    model: text("model"),
    temperature: doublePrecision("temperature").notNull().default(0.7),
    status: text("status").notNull().default("idle"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
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
    id: uuid("id").primaryKey().defaultRandom(),
    entityId: uuid("entity_id")
      .notNull()
      .references(() => entities.id, { onDelete: "cascade" }),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("indexed"),
    passageCount: integer("passage_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("knowledge_files_entity_file").on(table.entityId, table.fileId)],
);

/** Searchable passages of knowledge files; `search` is generated with the `simple` configuration (Hebrew has no stemmer). */
export const passages = pgTable(
  "passages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    knowledgeFileId: uuid("knowledge_file_id")
      .notNull()
      .references(() => knowledgeFiles.id, { onDelete: "cascade" }),
    entityId: uuid("entity_id")
      .notNull()
      .references(() => entities.id, { onDelete: "cascade" }),
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
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("runs_user_created").on(table.userId, table.createdAt),
    index("runs_created").on(table.createdAt),
  ],
);

/** Reality-forge templates: a saved universe (entities, prompts, settings, knowledge references). */
export const universeTemplates = pgTable("universe_templates", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  content: jsonb("content").notNull(),
  isPublic: boolean("is_public").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
