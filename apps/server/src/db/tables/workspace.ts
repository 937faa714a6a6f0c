// The workspace: universes, their entities, knowledge files and searchable passages, every entity run, and
// reality-forge templates.
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { cascadeRef, createdAt, timestampTz, updatedAt, uuidId } from "./columns.js";
import { files } from "./uploads.js";
import { users } from "./users.js";

/** PostgreSQL's full-text document type (Drizzle has no built-in column for it). */
const tsvector = pg.customType<{ data: string }>({ dataType: () => "tsvector" });

/** A user's projects. Archived ones count against maxProjects, not maxActiveUniverses. */
export const universes = pg.pgTable(
  "universes",
  {
    id: uuidId(),
    userId: cascadeRef("user_id", () => users.id),
    name: pg.text("name").notNull(),
    description: pg.text("description").notNull().default(""),
    archivedAt: timestampTz("archived_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [pg.index("universes_user").on(table.userId)],
);

/** AI agents inside a universe. */
export const entities = pg.pgTable(
  "entities",
  {
    id: uuidId(),
    universeId: cascadeRef("universe_id", () => universes.id),
    userId: cascadeRef("user_id", () => users.id),
    name: pg.text("name").notNull(),
    role: pg.text("role").notNull(),
    systemPrompt: pg.text("system_prompt").notNull(),
    model: pg.text("model"),
    temperature: pg.doublePrecision("temperature").notNull().default(0.7),
    status: pg.text("status").notNull().default("idle"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    pg.index("entities_universe").on(table.universeId),
    pg.index("entities_user").on(table.userId),
  ],
);

/** A file (from the upload API) attached to an entity as knowledge. */
export const knowledgeFiles = pg.pgTable(
  "knowledge_files",
  {
    id: uuidId(),
    entityId: cascadeRef("entity_id", () => entities.id),
    fileId: cascadeRef("file_id", () => files.id),
    userId: cascadeRef("user_id", () => users.id),
    status: pg.text("status").notNull().default("indexed"),
    passageCount: pg.integer("passage_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [pg.uniqueIndex("knowledge_files_entity_file").on(table.entityId, table.fileId)],
);

/** Searchable passages of knowledge files; `search` is generated with the `simple` configuration (Hebrew has no stemmer). */
export const passages = pg.pgTable(
  "passages",
  {
    id: pg.bigserial("id", { mode: "number" }).primaryKey(),
    knowledgeFileId: cascadeRef("knowledge_file_id", () => knowledgeFiles.id),
    entityId: cascadeRef("entity_id", () => entities.id),
    position: pg.integer("position").notNull(),
    content: pg.text("content").notNull(),
    search: tsvector("search").notNull().generatedAlwaysAs(sql`to_tsvector('simple', content)`),
  },
  (table) => [
    pg.index("passages_search").using("gin", table.search),
    pg.index("passages_entity").on(table.entityId),
  ],
);

/** Every run of an entity: chat answers, command-centre commands, universe syncs (who, what, tokens, time, outcome). */
export const runs = pg.pgTable(
  "runs",
  {
    id: uuidId(),
    userId: cascadeRef("user_id", () => users.id),
    kind: pg.text("kind").notNull(),
    universeId: pg.uuid("universe_id"),
    entityId: pg.uuid("entity_id"),
    /** Groups the runs of one command sent to several entities. */
    commandId: pg.uuid("command_id"),
    input: pg.text("input").notNull().default(""),
    output: pg.text("output").notNull().default(""),
    status: pg.text("status").notNull(),
    promptTokens: pg.integer("prompt_tokens").notNull().default(0),
    completionTokens: pg.integer("completion_tokens").notNull().default(0),
    durationMs: pg.integer("duration_ms").notNull().default(0),
    error: pg.text("error"),
    /** The error as a code and params (packages/domain/src/run-errors.ts); null on rows stored before 245. */
    errorCode: pg.text("error_code"),
    errorParams: pg.jsonb("error_params"),
    createdAt: createdAt(),
    finishedAt: timestampTz("finished_at"),
    /**
     * A chat or command answer streamed in a server process: how long its lease lasts. The process renews it while it
     * streams; a running answer whose lease ran out lost its process (docs/decisions/405).
     */
    leaseUntil: timestampTz("lease_until"),
  },
  (table) => [
    pg.index("runs_user_created").on(table.userId, table.createdAt),
    pg.index("runs_created").on(table.createdAt),
    pg.index("runs_running").on(table.leaseUntil).where(sql`status = 'running'`),
  ],
);

/** Reality-forge templates: a saved universe (entities, prompts, settings, knowledge references). */
export const universeTemplates = pg.pgTable("universe_templates", {
  id: uuidId(),
  userId: cascadeRef("user_id", () => users.id),
  name: pg.text("name").notNull(),
  description: pg.text("description").notNull().default(""),
  content: pg.jsonb("content").notNull(),
  isPublic: pg.boolean("is_public").notNull().default(false),
  createdAt: createdAt(),
});
