// Turning an uploaded file into an entity's knowledge: reading and extracting the document under its limits, splitting
// it into passages, writing them under the training-data cap, and re-indexing a file (what a sync does).

import { type FieldFailure, fieldFailure } from "@aacos/domain/errors";
import { UPLOAD_MESSAGES } from "@aacos/domain/validation";
import { checkTrainingData, splitPassages, WORKSPACE_MESSAGES } from "@aacos/domain/workspace";
import { and, eq, sql } from "drizzle-orm";
import { entities, knowledgeFiles, passages } from "../../db/schema.js";
import { AppError, conflict } from "../../platform/errors.js";
import { checkZipInflation } from "../files/index.js";
import { limitReached, type Tx, type WorkspaceContext } from "./context.js";
import {
  EXTRACTION_LIMITS,
  ExtractionFailed,
  extractText,
  knowledgeFormatOf,
} from "./extract-text.js";
import type { WorkspaceCaller } from "./types.js";

/** Passages are written in slices so one statement never carries a whole book. */
const INSERT_SLICE = 200;

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

export type KnowledgeIndex = ReturnType<typeof createKnowledgeIndex>;

export function createKnowledgeIndex(ctx: WorkspaceContext) {
  const { deps, db, clock, limitsOf } = ctx;

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

  return { indexKnowledge, reindex };
}
