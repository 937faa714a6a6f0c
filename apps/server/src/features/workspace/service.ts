// Workspace rules and queries: universes and entities under the plan's caps, knowledge indexing and search, syncs, templates.

import { performance } from "node:perf_hooks";
import { planInForce, tierHasFeature, upgradePayload, WORLDS } from "@aacos/domain/catalog";
import { type FieldFailure, fieldFailure } from "@aacos/domain/errors";
import {
  type CreateEntityBody,
  type CreateUniverseBody,
  type SaveTemplateBody,
  type UniverseListQuery,
  UPLOAD_MESSAGES,
  type UpdateEntityBody,
  type UpdateUniverseBody,
} from "@aacos/domain/validation";
import {
  checkNewEntity,
  checkNewUniverse,
  checkTrainingData,
  checkUnarchive,
  type EntityStatus,
  type LimitCheck,
  searchTerms,
  splitPassages,
  toTsQuery,
  WORKSPACE_MESSAGES,
} from "@aacos/domain/workspace";
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  entities,
  files,
  knowledgeFiles,
  passages,
  runs,
  universes,
  universeTemplates,
  userPlanColumns,
  users,
} from "../../db/schema.js";
import { AppError, conflict, notFound } from "../../platform/errors.js";
import { featureLocked } from "../../platform/feature-gate.js";
import { effectiveLimits, worldByName } from "../../platform/live-catalog.js";
import { checkZipInflation, type FileService } from "../uploads/index.js";
import {
  EXTRACTION_LIMITS,
  ExtractionFailed,
  type ExtractionLimits,
  extractText,
  knowledgeFormatOf,
} from "./extract-text.js";
import type {
  ActionRecorder,
  Entity,
  EntityCheck,
  KnowledgeFile,
  KnowledgeHit,
  Run,
  Universe,
  UniverseTemplate,
  WorkspaceCaller,
} from "./types.js";

export interface WorkspaceDeps {
  db: Db;
  /** Where uploaded files are read (features/uploads). */
  files: Pick<FileService, "get" | "open">;
  clock: () => Date;
  /** XP and quests for created universes, entities and knowledge files; absent in unit setups. */
  progression?: ActionRecorder;
  /** The provider check a sync runs for each entity; by default every entity passes. */
  checkEntity?: EntityCheck;
  log?: { warn(details: object, message: string): void };
  /** The memory and time one document's text extraction may take (EXTRACT_MEMORY_MB, EXTRACT_TIMEOUT_SECONDS). */
  extraction?: ExtractionLimits;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Passages are written in slices so one statement never carries a whole book. */
const INSERT_SLICE = 200;

/** What a template stores (universe_templates.content). */
interface TemplateContent {
  version: 1;
  universe: { name: string; description: string };
  entities: {
    name: string;
    role: string;
    systemPrompt: string;
    model: string | null;
    temperature: number;
    knowledge: { fileId: string; name: string }[];
  }[];
}

const UNIVERSE_COLUMNS = {
  id: universes.id,
  name: universes.name,
  description: universes.description,
  archivedAt: universes.archivedAt,
  // Spelled out: inside a subquery Drizzle would leave both columns unqualified.
  entityCount: sql<number>`(select count(*)::int from entities e where e.universe_id = "universes"."id")`,
  createdAt: universes.createdAt,
  updatedAt: universes.updatedAt,
};

const ENTITY_COLUMNS = {
  id: entities.id,
  universeId: entities.universeId,
  userId: entities.userId,
  name: entities.name,
  role: entities.role,
  systemPrompt: entities.systemPrompt,
  model: entities.model,
  temperature: entities.temperature,
  status: sql<EntityStatus>`${entities.status}`,
  createdAt: entities.createdAt,
  updatedAt: entities.updatedAt,
};

const KNOWLEDGE_COLUMNS = {
  id: knowledgeFiles.id,
  entityId: knowledgeFiles.entityId,
  fileId: knowledgeFiles.fileId,
  name: files.name,
  mimeType: files.mimeType,
  status: knowledgeFiles.status,
  passageCount: knowledgeFiles.passageCount,
  extractedBytes: sql<number>`(select coalesce(sum(octet_length(p.content)), 0)::bigint from passages p where p.knowledge_file_id = "knowledge_files"."id")`,
  createdAt: knowledgeFiles.createdAt,
};

const RUN_COLUMNS = {
  id: runs.id,
  kind: runs.kind,
  universeId: runs.universeId,
  status: sql<Run["status"]>`${runs.status}`,
  durationMs: runs.durationMs,
  output: runs.output,
  error: runs.error,
  createdAt: runs.createdAt,
  finishedAt: runs.finishedAt,
};

/**
 * How much of a universe a caller needs (docs/decisions/111-team-access.md): "own" is the universe's owner only;
 * "read" also lets in members of a team it is shared with; "write" those of them who may write (team owner, canWrite).
 */
export type UniverseAccess = "own" | "read" | "write";

/** The SQL condition "this caller has `need` on the universe whose id is `universeId`" (a column of the outer query). */
function accessTo(userId: string, ownerId: SQL, universeId: SQL, need: UniverseAccess): SQL {
  const mine = sql`${ownerId} = ${userId}`;
  if (need === "own") return mine;
  const writes = need === "write" ? sql` and (tm.role = 'owner' or tm.can_write)` : sql``;
  return sql`(${mine} or exists (select 1 from team_universes tu join team_members tm on tm.team_id = tu.team_id
    where tu.universe_id = ${universeId} and tm.user_id = ${userId}${writes}))`;
}

/** The universe columns as one caller sees them: whether it is shared with them, through which team, may they write. */
function universeColumnsFor(userId: string) {
  const id = sql`"universes"."id"`;
  const owner = sql`"universes"."user_id"`;
  return {
    ...UNIVERSE_COLUMNS,
    ownerId: universes.userId,
    shared: sql<boolean>`(${owner} <> ${userId})`,
    teamId: sql<
      string | null
    >`(select tu.team_id from team_universes tu join team_members tm on tm.team_id = tu.team_id
      where tu.universe_id = ${id} and tm.user_id = ${userId} order by tu.shared_at, tu.team_id limit 1)`,
    canWrite: sql<boolean>`${accessTo(userId, owner, id, "write")}`,
  };
}

/** 403 limit_reached with the upgrade payload (docs/product.md §7). */
function limitReached(
  caller: Pick<WorkspaceCaller, "tier">,
  check: Exclude<LimitCheck, { ok: true }>,
): AppError {
  return new AppError("limit_reached", 403, check.message, {
    params: { limit: check.reason, max: check.limit },
    extra: { ...upgradePayload(caller.tier, check.reason) },
  });
}

/** 403 naming the first world with the reality forge (it is a world feature, not a tier flag). */
function realityForgeLocked(caller: WorkspaceCaller): AppError {
  const world = WORLDS.find((candidate) => candidate.features.realityForge)?.tier ?? "cosmic";
  return new AppError("feature_locked", 403, WORKSPACE_MESSAGES.realityForgeLocked(caller.world), {
    params: { feature: "realityForge", plan: world },
    extra: { suggestedWorld: world, upgradeUrl: `/tiers?world=${world}`, reason: "realityForge" },
  });
}

function unreadable(
  failure: FieldFailure = fieldFailure(WORKSPACE_MESSAGES.unreadableFile, "unreadable_file"),
): AppError {
  return new AppError("unreadable_file", 400, failure.message, { fields: { fileId: failure } });
}

/** A document bigger unpacked, or heavier to read, than the limits allow. */
function tooLarge(failure: FieldFailure): AppError {
  return new AppError("file_too_large", 413, failure.message, { fields: { fileId: failure } });
}

/** Sum of the passages' UTF-8 bytes: what counts against maxTrainingDataSize. */
function bytesOf(texts: readonly string[]): number {
  return texts.reduce((sum, text) => sum + Buffer.byteLength(text, "utf8"), 0);
}

export function createWorkspaceService(deps: WorkspaceDeps) {
  const { db, clock } = deps;
  const checkEntity: EntityCheck = deps.checkEntity ?? (async () => ({ ok: true }));
  const limitsOf = (caller: WorkspaceCaller) => effectiveLimits(caller.tier, caller.world);

  /** Progress is best effort: a failure is logged and never undoes what the user made. */
  async function record(
    userId: string,
    action: Parameters<ActionRecorder["recordAction"]>[1],
    key: string,
  ): Promise<void> {
    if (deps.progression === undefined) return;
    try {
      await deps.progression.recordAction(userId, action, key);
    } catch (error) {
      deps.log?.warn({ err: error, userId, action }, "workspace action not credited");
    }
  }

  /** One workspace change at a time per user, so two requests cannot both take the last free place. */
  async function lockUser(tx: Tx, userId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  }

  async function universeOf(
    executor: Executor,
    userId: string,
    id: string,
    need: UniverseAccess = "own",
  ): Promise<Universe> {
    if (!UUID.test(id)) throw notFound("universe", "No such universe");
    const [row] = await executor
      .select(universeColumnsFor(userId))
      .from(universes)
      .where(
        and(
          eq(universes.id, id),
          accessTo(userId, sql`"universes"."user_id"`, sql`"universes"."id"`, need),
        ),
      );
    // Someone else's universe answers exactly like a missing one.
    if (row === undefined) throw notFound("universe", "No such universe");
    return row;
  }

  async function entityOf(
    executor: Executor,
    userId: string,
    id: string,
    need: UniverseAccess = "own",
  ): Promise<Entity> {
    if (!UUID.test(id)) throw notFound("entity", "No such entity");
    const [row] = await executor
      .select(ENTITY_COLUMNS)
      .from(entities)
      .where(
        and(
          eq(entities.id, id),
          accessTo(userId, sql`"entities"."user_id"`, sql`"entities"."universe_id"`, need),
        ),
      );
    if (row === undefined) throw notFound("entity", "No such entity");
    return row;
  }

  /** A universe owner's plan in force (entity caps of a shared universe are the owner's). */
  async function planOf(executor: Executor, userId: string): Promise<WorkspaceCaller> {
    const [row] = await executor.select(userPlanColumns).from(users).where(eq(users.id, userId));
    if (row === undefined) throw notFound("universe", "No such universe");
    return { id: userId, ...planInForce(row, clock()) };
  }

  async function universeCounts(executor: Executor, userId: string) {
    const [row] = await executor
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${universes.archivedAt} is null)::int`,
      })
      .from(universes)
      .where(eq(universes.userId, userId));
    return { total: row?.total ?? 0, active: row?.active ?? 0 };
  }

  /** Inserts a universe after the caps, inside the caller's transaction. */
  async function insertUniverse(
    tx: Tx,
    caller: WorkspaceCaller,
    body: { name: string; description?: string },
  ): Promise<string> {
    await lockUser(tx, caller.id);
    const check = checkNewUniverse(await universeCounts(tx, caller.id), limitsOf(caller));
    if (!check.ok) throw limitReached(caller, check);
    const now = clock();
    const [row] = await tx
      .insert(universes)
      .values({
        userId: caller.id,
        name: body.name,
        description: body.description ?? "",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: universes.id });
    if (row === undefined) throw new Error("universe insert returned no row");
    return row.id;
  }

  /** The file's passages, or a 400 the user can act on. */
  async function passagesOfFile(ownerId: string, fileId: string): Promise<string[]> {
    const { file, stream } = await deps.files.open(ownerId, fileId);
    const format = knowledgeFormatOf(file);
    if (format === null) {
      stream.destroy();
      throw unreadable(
        fieldFailure(
          "Only text, Markdown, PDF and DOCX files can become knowledge",
          "knowledge_file_type",
        ),
      );
    }
    const bytes = Buffer.concat(await stream.toArray());
    // Checked again here: files stored before the upload checked it, and the knowledge path must stand on its own.
    if (format === "docx") {
      const unpacked = await checkZipInflation(bytes);
      if (!unpacked.ok)
        throw unpacked.reason === "too-large"
          ? tooLarge(fieldFailure(unpacked.message, "unpacked_too_large", { max: unpacked.maxMb }))
          : unreadable();
    }
    let text: string;
    try {
      text = await extractText(bytes, format, deps.extraction ?? EXTRACTION_LIMITS);
    } catch (error) {
      if (error instanceof ExtractionFailed && error.reason === "too-complex") {
        throw tooLarge(fieldFailure(UPLOAD_MESSAGES.tooComplex, "file_too_complex"));
      }
      throw unreadable();
    }
    const found = splitPassages(text);
    if (found.length === 0) throw unreadable();
    return found;
  }

  async function writePassages(
    tx: Tx,
    knowledgeFileId: string,
    entityId: string,
    texts: readonly string[],
  ): Promise<void> {
    for (let start = 0; start < texts.length; start += INSERT_SLICE) {
      await tx.insert(passages).values(
        texts.slice(start, start + INSERT_SLICE).map((content, index) => ({
          knowledgeFileId,
          entityId,
          position: start + index,
          content,
        })),
      );
    }
  }

  /** Indexes a file as an entity's knowledge under the training-data cap; the entity must be the caller's. */
  async function indexKnowledge(
    caller: WorkspaceCaller,
    entityId: string,
    fileId: string,
  ): Promise<string> {
    // Outside the transaction: reading and parsing a large PDF must not hold locks.
    const texts = await passagesOfFile(caller.id, fileId);
    return db.transaction(async (tx) => {
      await tx
        .select({ id: entities.id })
        .from(entities)
        .where(eq(entities.id, entityId))
        .for("update");
      const [existing] = await tx
        .select({ id: knowledgeFiles.id })
        .from(knowledgeFiles)
        .where(and(eq(knowledgeFiles.entityId, entityId), eq(knowledgeFiles.fileId, fileId)));
      if (existing !== undefined)
        throw conflict("already_knowledge", WORKSPACE_MESSAGES.alreadyKnowledge);
      const [used] = await tx
        .select({ bytes: sql<string>`coalesce(sum(octet_length(${passages.content})), 0)` })
        .from(passages)
        .where(eq(passages.entityId, entityId));
      const check = checkTrainingData(
        { used: Number(used?.bytes ?? 0), added: bytesOf(texts) },
        limitsOf(caller),
      );
      if (!check.ok) throw limitReached(caller, check);
      const [row] = await tx
        .insert(knowledgeFiles)
        .values({
          entityId,
          fileId,
          userId: caller.id,
          status: "indexed",
          passageCount: texts.length,
          createdAt: clock(),
        })
        .returning({ id: knowledgeFiles.id });
      if (row === undefined) throw new Error("knowledge file insert returned no row");
      await writePassages(tx, row.id, entityId, texts);
      return row.id;
    });
  }

  async function knowledgeFileOf(userId: string, id: string): Promise<KnowledgeFile> {
    const [row] = await db
      .select(KNOWLEDGE_COLUMNS)
      .from(knowledgeFiles)
      .innerJoin(files, eq(files.id, knowledgeFiles.fileId))
      .where(and(eq(knowledgeFiles.id, id), eq(knowledgeFiles.userId, userId)));
    if (row === undefined) throw notFound("knowledge_file", "No such knowledge file");
    return { ...row, extractedBytes: Number(row.extractedBytes) };
  }

  /** Re-extracts one knowledge file's passages; a file that no longer reads is marked failed. */
  async function reindex(
    userId: string,
    knowledge: { id: string; entityId: string; fileId: string },
  ): Promise<{ ok: boolean; passages: number; error?: string }> {
    try {
      const texts = await passagesOfFile(userId, knowledge.fileId);
      await db.transaction(async (tx) => {
        await tx.delete(passages).where(eq(passages.knowledgeFileId, knowledge.id));
        await writePassages(tx, knowledge.id, knowledge.entityId, texts);
        await tx
          .update(knowledgeFiles)
          .set({ status: "indexed", passageCount: texts.length })
          .where(eq(knowledgeFiles.id, knowledge.id));
      });
      return { ok: true, passages: texts.length };
    } catch (error) {
      await db
        .update(knowledgeFiles)
        .set({ status: "failed" })
        .where(eq(knowledgeFiles.id, knowledge.id));
      return { ok: false, passages: 0, error: error instanceof Error ? error.message : "failed" };
    }
  }

  function requireRealityForge(caller: WorkspaceCaller): void {
    if (!worldByName(caller.world).features.realityForge) throw realityForgeLocked(caller);
  }

  const service = {
    // --- universes -------------------------------------------------------------------------------------------------

    async listUniverses(
      userId: string,
      archived: UniverseListQuery["archived"] = "include",
    ): Promise<Universe[]> {
      const filter =
        archived === "exclude"
          ? isNull(universes.archivedAt)
          : archived === "only"
            ? isNotNull(universes.archivedAt)
            : undefined;
      // The caller's own universes and those shared with a team of theirs (shared: true, teamId).
      return db
        .select(universeColumnsFor(userId))
        .from(universes)
        .where(
          and(accessTo(userId, sql`"universes"."user_id"`, sql`"universes"."id"`, "read"), filter),
        )
        .orderBy(desc(universes.createdAt), desc(universes.id));
    },

    /** Capped by maxProjects (all) and maxActiveUniverses (active); earns universeCreated. */
    async createUniverse(caller: WorkspaceCaller, body: CreateUniverseBody): Promise<Universe> {
      const id = await db.transaction((tx) => insertUniverse(tx, caller, body));
      await record(caller.id, "universeCreated", id);
      return universeOf(db, caller.id, id);
    },

    /** The caller's universe or one shared with them; 404 for a missing or anyone else's id. */
    async getUniverse(userId: string, id: string): Promise<Universe> {
      return universeOf(db, userId, id, "read");
    },

    /** Rename, describe, archive or unarchive (unarchiving is capped by maxActiveUniverses). */
    async updateUniverse(
      caller: WorkspaceCaller,
      id: string,
      patch: UpdateUniverseBody,
    ): Promise<Universe> {
      await db.transaction(async (tx) => {
        await lockUser(tx, caller.id);
        // Team writers may rename and describe; archiving changes the owner's caps, so it stays theirs.
        const need = patch.archived === undefined ? "write" : "own";
        const current = await universeOf(tx, caller.id, id, need);
        const now = clock();
        let archivedAt = current.archivedAt;
        if (patch.archived === true && current.archivedAt === null) archivedAt = now;
        if (patch.archived === false && current.archivedAt !== null) {
          const check = checkUnarchive(await universeCounts(tx, caller.id), limitsOf(caller));
          if (!check.ok) throw limitReached(caller, check);
          archivedAt = null;
        }
        await tx
          .update(universes)
          .set({
            name: patch.name ?? current.name,
            description: patch.description ?? current.description,
            archivedAt,
            updatedAt: now,
          })
          .where(eq(universes.id, current.id));
      });
      return universeOf(db, caller.id, id, "read");
    },

    /** Removes the universe with its entities, knowledge and passages (the runs stay as history). */
    async deleteUniverse(userId: string, id: string): Promise<void> {
      if (!UUID.test(id)) throw notFound("universe", "No such universe");
      const removed = await db
        .delete(universes)
        .where(and(eq(universes.id, id), eq(universes.userId, userId)))
        .returning({ id: universes.id });
      if (removed.length === 0) throw notFound("universe", "No such universe");
    },

    // --- entities --------------------------------------------------------------------------------------------------

    /** The user's entities and those of universes shared with them, of one universe (404 unless readable) or of all. */
    async listEntities(userId: string, universeId?: string): Promise<Entity[]> {
      if (universeId !== undefined) await universeOf(db, userId, universeId, "read");
      return db
        .select(ENTITY_COLUMNS)
        .from(entities)
        .where(
          universeId === undefined
            ? accessTo(userId, sql`"entities"."user_id"`, sql`"entities"."universe_id"`, "read")
            : eq(entities.universeId, universeId),
        )
        .orderBy(asc(entities.createdAt), asc(entities.id));
    },

    /** Capped per universe by maxEntitiesPerUniverse; archived universes take no new entities. */
    async createEntity(
      caller: WorkspaceCaller,
      universeId: string,
      body: CreateEntityBody,
    ): Promise<Entity> {
      const id = await db.transaction(async (tx) => {
        const universe = await universeOf(tx, caller.id, universeId, "write");
        await tx
          .select({ id: universes.id })
          .from(universes)
          .where(eq(universes.id, universe.id))
          .for("update");
        if (universe.archivedAt !== null)
          throw conflict("archived_universe", WORKSPACE_MESSAGES.archivedUniverse);
        const [row] = await tx
          .select({ n: count() })
          .from(entities)
          .where(eq(entities.universeId, universe.id));
        // A shared universe is the owner's: its entities count against (and belong to) the owner's plan.
        const owner = universe.ownerId === caller.id ? caller : await planOf(tx, universe.ownerId);
        const check = checkNewEntity(row?.n ?? 0, limitsOf(owner));
        if (!check.ok) throw limitReached(owner, check);
        const now = clock();
        const [created] = await tx
          .insert(entities)
          .values({
            universeId: universe.id,
            userId: owner.id,
            name: body.name,
            role: body.role,
            systemPrompt: body.systemPrompt,
            model: body.model ?? null,
            temperature: body.temperature ?? 0.7,
            status: "idle",
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: entities.id });
        if (created === undefined) throw new Error("entity insert returned no row");
        return created.id;
      });
      await record(caller.id, "entityCreated", id);
      return entityOf(db, caller.id, id, "read");
    },

    /** The caller's entity or one of a universe shared with them; 404 for a missing or anyone else's id. */
    async getEntity(userId: string, id: string): Promise<Entity> {
      return entityOf(db, userId, id, "read");
    },

    async updateEntity(userId: string, id: string, patch: UpdateEntityBody): Promise<Entity> {
      const current = await entityOf(db, userId, id, "write");
      await db
        .update(entities)
        .set({
          name: patch.name ?? current.name,
          role: patch.role ?? current.role,
          systemPrompt: patch.systemPrompt ?? current.systemPrompt,
          model: patch.model === undefined ? current.model : patch.model,
          temperature: patch.temperature ?? current.temperature,
          status: patch.status ?? current.status,
          updatedAt: clock(),
        })
        .where(eq(entities.id, current.id));
      return entityOf(db, userId, id, "read");
    },

    async deleteEntity(userId: string, id: string): Promise<void> {
      const current = await entityOf(db, userId, id, "write");
      const removed = await db
        .delete(entities)
        .where(eq(entities.id, current.id))
        .returning({ id: entities.id });
      if (removed.length === 0) throw notFound("entity", "No such entity");
    },

    /** Set by the AI feature around runs (running, error, back to idle); no owner check — callers hold the entity. */
    async setEntityStatus(entityId: string, status: EntityStatus): Promise<void> {
      if (!UUID.test(entityId)) return;
      await db
        .update(entities)
        .set({ status, updatedAt: clock() })
        .where(eq(entities.id, entityId));
    },

    // --- knowledge -------------------------------------------------------------------------------------------------

    /** Extracts, splits and indexes one of the caller's uploaded files for one of their entities. */
    async addKnowledge(
      caller: WorkspaceCaller,
      entityId: string,
      fileId: string,
    ): Promise<KnowledgeFile> {
      const entity = await entityOf(db, caller.id, entityId);
      await deps.files.get(caller.id, fileId);
      const id = await indexKnowledge(caller, entity.id, fileId);
      await record(caller.id, "knowledgeFileAdded", id);
      return knowledgeFileOf(caller.id, id);
    },

    /** Readable by team members too: the entity's knowledge is part of the shared universe. */
    async listKnowledge(userId: string, entityId: string): Promise<KnowledgeFile[]> {
      const entity = await entityOf(db, userId, entityId, "read");
      const rows = await db
        .select(KNOWLEDGE_COLUMNS)
        .from(knowledgeFiles)
        .innerJoin(files, eq(files.id, knowledgeFiles.fileId))
        .where(eq(knowledgeFiles.entityId, entity.id))
        .orderBy(asc(knowledgeFiles.createdAt), asc(knowledgeFiles.id));
      return rows.map((row) => ({ ...row, extractedBytes: Number(row.extractedBytes) }));
    },

    /** Detaches a file from an entity; its passages go with it (foreign-key cascade). */
    async removeKnowledge(
      userId: string,
      entityId: string,
      knowledgeFileId: string,
    ): Promise<void> {
      const entity = await entityOf(db, userId, entityId);
      if (!UUID.test(knowledgeFileId)) throw notFound("knowledge_file", "No such knowledge file");
      const removed = await db
        .delete(knowledgeFiles)
        .where(
          and(
            eq(knowledgeFiles.id, knowledgeFileId),
            eq(knowledgeFiles.entityId, entity.id),
            eq(knowledgeFiles.userId, userId),
          ),
        )
        .returning({ id: knowledgeFiles.id });
      if (removed.length === 0) throw notFound("knowledge_file", "No such knowledge file");
    },

    /**
     * The entity's best passages for a question: its words ORed in to_tsquery('simple', …), ranked by ts_rank
     * (docs/decisions/050-knowledge-indexing.md). No owner check: callers have already loaded the entity.
     */
    async searchKnowledge(entityId: string, query: string, limit = 5): Promise<KnowledgeHit[]> {
      const tsQuery = toTsQuery(searchTerms(query));
      if (tsQuery === null || !UUID.test(entityId)) return [];
      const question = sql`to_tsquery('simple', ${tsQuery})`;
      const score = sql<number>`ts_rank(${passages.search}, ${question})`;
      const rows = await db
        .select({
          content: passages.content,
          fileName: files.name,
          knowledgeFileId: passages.knowledgeFileId,
          score,
        })
        .from(passages)
        .innerJoin(knowledgeFiles, eq(knowledgeFiles.id, passages.knowledgeFileId))
        .innerJoin(files, eq(files.id, knowledgeFiles.fileId))
        .where(and(eq(passages.entityId, entityId), sql`${passages.search} @@ ${question}`))
        .orderBy(desc(score), asc(passages.knowledgeFileId), asc(passages.position))
        .limit(Math.max(1, Math.min(50, Math.floor(limit))));
      return rows.map((row) => ({ ...row, score: Number(row.score) }));
    },

    // --- sync ------------------------------------------------------------------------------------------------------

    /**
     * POST /aacos/universe/sync: records a queued run of kind "sync" for the caller's universe; the job runner then
     * performs it (performSync), so the request answers at once (docs/decisions/091-jobs-versus-requests.md).
     */
    async queueSync(userId: string, universeId: string): Promise<Run> {
      const universe = await universeOf(db, userId, universeId);
      const [row] = await db
        .insert(runs)
        .values({
          userId,
          kind: "sync",
          universeId: universe.id,
          input: universe.name,
          status: "queued",
          createdAt: clock(),
        })
        .returning(RUN_COLUMNS);
      if (row === undefined) throw new Error("run insert returned no row");
      return row;
    },

    /**
     * The sync job: checks each entity (the AI feature's provider check) and re-indexes each knowledge file; the run
     * goes running → succeeded or failed (stopped when `signal` aborts). A run that has already ended stays as it is.
     */
    async performSync(runId: string, signal?: AbortSignal): Promise<Run> {
      const [claimed] = await db
        .update(runs)
        .set({ status: "running" })
        .where(
          and(
            eq(runs.id, runId),
            eq(runs.kind, "sync"),
            inArray(runs.status, ["queued", "running"]),
          ),
        )
        .returning({ userId: runs.userId, universeId: runs.universeId });
      if (claimed === undefined) {
        const [ended] = await db.select(RUN_COLUMNS).from(runs).where(eq(runs.id, runId));
        if (ended === undefined) throw notFound("run", "No such run");
        return ended;
      }
      const { userId } = claimed;
      const started = performance.now();
      const lines: string[] = [];
      const problems: string[] = [];
      // The owner was checked when the run was queued; the universe may have gone since.
      const [universe] = await db
        .select({ id: universes.id })
        .from(universes)
        .where(and(eq(universes.id, claimed.universeId ?? ""), eq(universes.userId, userId)));
      if (universe === undefined) problems.push("the universe no longer exists");
      const members = universe === undefined ? [] : await service.listEntities(userId, universe.id);
      for (const entity of members) {
        if (signal?.aborted) break;
        const verdict = await checkEntity(entity).catch((error: unknown) => ({
          ok: false,
          error: error instanceof Error ? error.message : "check failed",
        }));
        lines.push(
          `entity ${entity.name}: ${verdict.ok ? "ok" : `failed (${verdict.error ?? ""})`}`,
        );
        if (!verdict.ok) problems.push(`${entity.name}: ${verdict.error ?? "check failed"}`);
        const knowledge = await db
          .select({
            id: knowledgeFiles.id,
            entityId: knowledgeFiles.entityId,
            fileId: knowledgeFiles.fileId,
            name: files.name,
          })
          .from(knowledgeFiles)
          .innerJoin(files, eq(files.id, knowledgeFiles.fileId))
          .where(and(eq(knowledgeFiles.entityId, entity.id), eq(knowledgeFiles.userId, userId)));
        for (const item of knowledge) {
          if (signal?.aborted) break;
          const outcome = await reindex(userId, item);
          lines.push(
            `  ${item.name}: ${outcome.ok ? `${outcome.passages} passages` : `failed (${outcome.error ?? ""})`}`,
          );
          if (!outcome.ok) problems.push(`${item.name}: ${outcome.error ?? "failed"}`);
        }
      }
      const stopped = signal?.aborted === true;
      const [row] = await db
        .update(runs)
        .set({
          output: lines.join("\n"),
          status: stopped ? "stopped" : problems.length === 0 ? "succeeded" : "failed",
          durationMs: Math.round(performance.now() - started),
          error: stopped ? "stopped" : problems.length === 0 ? null : problems.join("; "),
          finishedAt: clock(),
        })
        .where(eq(runs.id, runId))
        .returning(RUN_COLUMNS);
      if (row === undefined) throw new Error("run update returned no row");
      return row;
    },

    /** Queues and performs a sync in one go (scripts and tests that want the outcome). */
    async syncUniverse(userId: string, universeId: string): Promise<Run> {
      const queued = await service.queueSync(userId, universeId);
      return service.performSync(queued.id);
    },

    // --- reality forge ---------------------------------------------------------------------------------------------

    /** Saves a universe's entities, prompts, settings and knowledge references; publishing needs publicSharing. */
    async saveTemplate(
      caller: WorkspaceCaller,
      universeId: string,
      body: SaveTemplateBody,
    ): Promise<UniverseTemplate> {
      requireRealityForge(caller);
      const isPublic = body.isPublic ?? false;
      if (isPublic && !tierHasFeature(caller.tier, "publicSharing")) {
        throw featureLocked("publicSharing");
      }
      const universe = await universeOf(db, caller.id, universeId);
      const members = await service.listEntities(caller.id, universe.id);
      const references = await db
        .select({
          entityId: knowledgeFiles.entityId,
          fileId: knowledgeFiles.fileId,
          name: files.name,
        })
        .from(knowledgeFiles)
        .innerJoin(files, eq(files.id, knowledgeFiles.fileId))
        .innerJoin(entities, eq(entities.id, knowledgeFiles.entityId))
        .where(and(eq(entities.universeId, universe.id), eq(knowledgeFiles.userId, caller.id)));
      const content: TemplateContent = {
        version: 1,
        universe: { name: universe.name, description: universe.description },
        entities: members.map((entity) => ({
          name: entity.name,
          role: entity.role,
          systemPrompt: entity.systemPrompt,
          model: entity.model,
          temperature: entity.temperature,
          knowledge: references
            .filter((reference) => reference.entityId === entity.id)
            .map(({ fileId, name }) => ({ fileId, name })),
        })),
      };
      const [row] = await db
        .insert(universeTemplates)
        .values({
          userId: caller.id,
          name: body.name,
          description: body.description ?? universe.description,
          content,
          isPublic,
          createdAt: clock(),
        })
        .returning({ id: universeTemplates.id });
      if (row === undefined) throw new Error("template insert returned no row");
      const saved = (await service.listTemplates(caller.id)).find((item) => item.id === row.id);
      if (saved === undefined) throw new Error("saved template not found");
      return saved;
    },

    /** The user's own templates and everyone's public ones, newest first. */
    async listTemplates(userId: string): Promise<UniverseTemplate[]> {
      const rows = await db
        .select({
          id: universeTemplates.id,
          userId: universeTemplates.userId,
          name: universeTemplates.name,
          description: universeTemplates.description,
          isPublic: universeTemplates.isPublic,
          entityCount: sql<number>`coalesce(jsonb_array_length(${universeTemplates.content} -> 'entities'), 0)::int`,
          createdAt: universeTemplates.createdAt,
        })
        .from(universeTemplates)
        .where(or(eq(universeTemplates.userId, userId), eq(universeTemplates.isPublic, true)))
        .orderBy(desc(universeTemplates.createdAt), desc(universeTemplates.id))
        .limit(200);
      return rows.map((row) => ({ ...row, mine: row.userId === userId }));
    },

    async deleteTemplate(userId: string, id: string): Promise<void> {
      if (!UUID.test(id)) throw notFound("template", "No such template");
      const removed = await db
        .delete(universeTemplates)
        .where(and(eq(universeTemplates.id, id), eq(universeTemplates.userId, userId)))
        .returning({ id: universeTemplates.id });
      if (removed.length === 0) throw notFound("template", "No such template");
    },

    /**
     * A new universe from a template (own or public) with copies of its entities, under the same caps as creating
     * them by hand. Knowledge is re-indexed only from files the caller still owns; references to others' files are
     * dropped, since uploads are private.
     */
    async forgeTemplate(
      caller: WorkspaceCaller,
      templateId: string,
      body: { name: string },
    ): Promise<{ universe: Universe; entities: Entity[] }> {
      requireRealityForge(caller);
      if (!UUID.test(templateId)) throw notFound("template", "No such template");
      const [template] = await db
        .select({ content: universeTemplates.content })
        .from(universeTemplates)
        .where(
          and(
            eq(universeTemplates.id, templateId),
            or(eq(universeTemplates.userId, caller.id), eq(universeTemplates.isPublic, true)),
          ),
        );
      if (template === undefined) throw notFound("template", "No such template");
      const content = template.content as TemplateContent;
      const entityCheck = checkNewEntity(content.entities.length - 1, limitsOf(caller));
      if (content.entities.length > 0 && !entityCheck.ok) throw limitReached(caller, entityCheck);

      const created = await db.transaction(async (tx) => {
        const universeId = await insertUniverse(tx, caller, {
          name: body.name,
          description: content.universe.description,
        });
        const now = clock();
        const made: { id: string; knowledge: TemplateContent["entities"][number]["knowledge"] }[] =
          [];
        for (const source of content.entities) {
          const [row] = await tx
            .insert(entities)
            .values({
              universeId,
              userId: caller.id,
              name: source.name,
              role: source.role,
              systemPrompt: source.systemPrompt,
              model: source.model,
              temperature: source.temperature,
              status: "idle",
              createdAt: now,
              updatedAt: now,
            })
            .returning({ id: entities.id });
          if (row === undefined) throw new Error("entity insert returned no row");
          made.push({ id: row.id, knowledge: source.knowledge });
        }
        return { universeId, made };
      });

      for (const entity of created.made) {
        for (const reference of entity.knowledge) {
          const [owned] = await db
            .select({ id: files.id })
            .from(files)
            .where(and(eq(files.userId, caller.id), sql`${files.id}::text = ${reference.fileId}`));
          if (owned === undefined) continue;
          try {
            await indexKnowledge(caller, entity.id, owned.id);
          } catch (error) {
            deps.log?.warn({ err: error, fileId: owned.id }, "forged knowledge not indexed");
          }
        }
      }
      await record(caller.id, "universeCreated", created.universeId);
      return {
        universe: await universeOf(db, caller.id, created.universeId),
        entities: await service.listEntities(caller.id, created.universeId),
      };
    },
  };
  return service;
}

export type WorkspaceService = ReturnType<typeof createWorkspaceService>;
