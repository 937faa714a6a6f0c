// Knowledge: an entity's files (added, listed, removed) and the search over their passages that chat uses.

import { searchTerms, toTsQuery } from "@aacos/domain/workspace";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { files, knowledgeFiles, passages } from "../../db/schema.js";
import { notFound } from "../../platform/errors.js";
import { UUID, type WorkspaceContext } from "./context.js";
import type { KnowledgeIndex } from "./indexing.js";
import type { KnowledgeFile, KnowledgeHit, WorkspaceCaller } from "./types.js";

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

export function createKnowledgeActions(ctx: WorkspaceContext, index: KnowledgeIndex) {
  const { deps, db, entityOf, record } = ctx;
  const { indexKnowledge } = index;

  async function knowledgeFileOf(userId: string, id: string): Promise<KnowledgeFile> {
    const [row] = await db
      .select(KNOWLEDGE_COLUMNS)
      .from(knowledgeFiles)
      .innerJoin(files, eq(files.id, knowledgeFiles.fileId))
      .where(and(eq(knowledgeFiles.id, id), eq(knowledgeFiles.userId, userId)));
    if (row === undefined) throw notFound("knowledge_file", "No such knowledge file");
    return { ...row, extractedBytes: Number(row.extractedBytes) };
  }

  return {
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
  };
}
