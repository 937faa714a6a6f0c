// Uploaded files: the docs/product.md §5 checks, magic bytes, the plan's file size and storage quota, and the owner-only file list.

import { randomUUID } from "node:crypto";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type TierName, upgradePayload, type WorldName } from "@aacos/domain/catalog";
import { type FieldFailure, fieldFailure } from "@aacos/domain/errors";
import type {
  FileList as FileListReply,
  StoredFile as StoredFileReply,
} from "@aacos/domain/replies";
import {
  checkUpload,
  checkUploadLimits,
  checkUploadName,
  contentMatchesExtension,
  gigabytesToBytes,
  MESSAGES,
  shownFileName,
  UPLOAD_MAX_BYTES,
} from "@aacos/domain/validation";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { files, users } from "../../db/schema.js";
import { AppError, notFound } from "../../platform/errors.js";
import { effectiveLimits } from "../../platform/live-catalog.js";
import type { FileStorage } from "./storage.js";
import { checkZipInflation } from "./zip-limits.js";

/** A file as the service reads it: the reply's shape with its creation time as a Date. */
export type StoredFile = Omit<StoredFileReply, "createdAt"> & { createdAt: Date };

export interface FileOwner {
  id: string;
  tier: string;
  world: string;
}

export interface IncomingFile {
  /** The client's file name (already reduced to its base name by the multipart parser). */
  name: string;
  /** The declared MIME type. */
  mimeType: string;
  stream: Readable;
}

export type FileList = Omit<FileListReply, "items"> & { items: StoredFile[] };

/** The storage folder uploads stream into before they are checked and moved into place. */
const INCOMING = "incoming";
/**
 * How old stored bytes must be for the sweep to take them as left behind when nothing refers to them: no upload
 * takes this long, so older bytes in `incoming/` or without a row belong to no request.
 */
export const LEFTOVER_AGE_MS = 60 * 60 * 1000;
/** How many stored keys one sweep query looks up. */
const SWEEP_BATCH = 500;

export type FileService = ReturnType<typeof createFileService>;

/** Longer names are refused rather than cut, so what the user sees is what they sent. */
const MAX_NAME_LENGTH = 255;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILE_COLUMNS = {
  id: files.id,
  name: files.name,
  size: files.size,
  mimeType: files.mimeType,
  createdAt: files.createdAt,
};

/** docs/product.md §5 refusals: 400 with the spec's message (also under fields.file for forms), 413 for the size. */
function refused(status: 400 | 413, failure: FieldFailure): AppError {
  return status === 413
    ? new AppError("file_too_large", 413, failure.message, { fields: { file: failure } })
    : new AppError("invalid_file", 400, failure.message, { fields: { file: failure } });
}

/**
 * Counts the bytes on their way to storage and checks they are plain text (valid UTF-8, no NUL). Past the spec's
 * maximum it keeps counting but stops passing bytes on, so no caller can fill the disk.
 */
class ContentProbe extends Transform {
  bytes = 0;
  isPlainText = true;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > UPLOAD_MAX_BYTES + 1) return done();
    if (this.isPlainText) {
      try {
        if (chunk.includes(0)) this.isPlainText = false;
        else this.decoder.decode(chunk, { stream: true });
      } catch {
        this.isPlainText = false;
      }
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    try {
      if (this.isPlainText) this.decoder.decode();
    } catch {
      this.isPlainText = false;
    }
    done();
  }
}

export function createFileService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  const limitsOf = (owner: FileOwner) =>
    effectiveLimits(owner.tier as TierName, owner.world as WorldName);

  async function usedBytesOf(executor: Pick<Db, "select">, userId: string): Promise<number> {
    const [row] = await executor
      .select({ used: sql<string>`coalesce(sum(${files.size}), 0)` })
      .from(files)
      .where(eq(files.userId, userId));
    return Number(row?.used ?? 0);
  }

  /** What file-type sees in the stored bytes' leading signature. */
  async function detectedMimeOf(key: string): Promise<string | undefined> {
    // file-type is its own chunk, loaded with the first upload (docs/decisions/204-start-up-lazy-modules.md).
    const { fileTypeFromStream } = await import("file-type");
    const stream = await storage.get(key);
    if (stream === null) return undefined;
    try {
      return (await fileTypeFromStream(Readable.toWeb(stream)))?.mime;
    } finally {
      stream.destroy();
    }
  }

  /** A stored object's bytes (uploads are at most 10 MB). */
  async function bytesOf(key: string): Promise<Buffer> {
    const stream = await storage.get(key);
    if (stream === null) throw new Error(`stored bytes missing: ${key}`);
    return Buffer.concat(await stream.toArray());
  }

  async function findOwn(ownerId: string, id: string) {
    if (!UUID.test(id)) throw notFound("file", "No such file");
    const [row] = await db
      .select({ ...FILE_COLUMNS, storageKey: files.storageKey })
      .from(files)
      .where(and(eq(files.id, id), eq(files.userId, ownerId)));
    // Someone else's file answers exactly like a missing one.
    if (row === undefined) throw notFound("file", "No such file");
    return row;
  }

  return {
    /**
     * Streams the file to a temporary key, checks it, and only then moves it into place and records it, so a
     * refused or aborted upload leaves nothing behind.
     */
    async upload(owner: FileOwner, incoming: IncomingFile): Promise<StoredFile> {
      const name = shownFileName(incoming.name);
      const named = checkUploadName(name);
      const nameTooLong = name.length > MAX_NAME_LENGTH;
      if (!named.ok || nameTooLong) {
        // Read the rest of the request so the client receives the answer instead of a reset.
        incoming.stream.resume();
        if (!named.ok) throw refused(named.status, { message: named.message, ...named.field });
        throw refused(
          400,
          fieldFailure(MESSAGES.maxLength(MAX_NAME_LENGTH), "too_long", { max: MAX_NAME_LENGTH }),
        );
      }

      const tempKey = `${INCOMING}/${randomUUID()}`;
      const id = randomUUID();
      const finalKey = `${owner.id}/${id}`;
      let moved = false;
      try {
        const probe = new ContentProbe();
        const written = await Promise.allSettled([
          pipeline(incoming.stream, probe),
          storage.put(tempKey, probe),
        ]);
        const failure = written.find((outcome) => outcome.status === "rejected");
        if (failure !== undefined) {
          // A client that stops sending mid-file is told so; a storage failure stays a server error.
          if (incoming.stream.errored !== null) {
            throw new AppError("upload_incomplete", 400, "The upload did not complete");
          }
          throw failure.reason;
        }

        const size = probe.bytes;
        const check = checkUpload({ name, size, mimeType: incoming.mimeType });
        if (!check.ok) throw refused(check.status, { message: check.message, ...check.field });
        const content = {
          detectedMime: await detectedMimeOf(tempKey),
          isPlainText: probe.isPlainText,
        };
        if (!contentMatchesExtension(check.extension, content)) {
          throw refused(400, fieldFailure(MESSAGES.mimeMismatch, "mime_mismatch"));
        }
        // A DOCX is a zip: what it unpacks to is bounded here, not only what it weighs packed.
        if (check.extension === "docx") {
          const unpacked = await checkZipInflation(await bytesOf(tempKey));
          if (!unpacked.ok) {
            throw unpacked.reason === "too-large"
              ? refused(
                  413,
                  fieldFailure(unpacked.message, "unpacked_too_large", { max: unpacked.maxMb }),
                )
              : refused(400, fieldFailure(MESSAGES.mimeMismatch, "mime_mismatch"));
          }
        }

        const limits = limitsOf(owner);
        return await db.transaction(async (tx) => {
          // One upload at a time per user, so two parallel uploads cannot both fit in the last free space.
          await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for("update");
          const verdict = checkUploadLimits({
            size,
            usedBytes: await usedBytesOf(tx, owner.id),
            maxFileSizeMb: limits.maxFileSize,
            maxStorageGB: limits.maxStorageGB,
          });
          if (!verdict.ok) {
            throw new AppError("limit_reached", verdict.status, verdict.message, {
              params: {
                limit: verdict.reason,
                max: verdict.reason === "maxFileSize" ? limits.maxFileSize : limits.maxStorageGB,
              },
              extra: { ...upgradePayload(owner.tier as TierName, verdict.reason) },
            });
          }
          const [row] = await tx
            .insert(files)
            .values({
              id,
              userId: owner.id,
              name,
              size,
              mimeType: incoming.mimeType.split(";")[0]?.trim().toLowerCase() ?? "",
              storageKey: finalKey,
            })
            .returning(FILE_COLUMNS);
          if (row === undefined) throw new Error("file insert returned no row");
          await storage.move(tempKey, finalKey);
          moved = true;
          return row;
        });
      } catch (error) {
        await storage.delete(tempKey);
        if (moved) await storage.delete(finalKey);
        throw error;
      }
    },

    /**
     * Removes the bytes last written over an hour before `now` that no file refers to: temporaries in `incoming/` of
     * uploads a killed process cut off, and stored bytes without a row (a crash between the move into place and the
     * commit, or a removal whose delete of the bytes failed). Returns how many went.
     */
    async sweepLeftovers(now: Date): Promise<number> {
      const stale = await storage.keysWrittenBefore(new Date(now.getTime() - LEFTOVER_AGE_MS));
      const leftovers = stale.filter((key) => key.startsWith(`${INCOMING}/`));
      const stored = stale.filter((key) => !key.startsWith(`${INCOMING}/`));
      for (let start = 0; start < stored.length; start += SWEEP_BATCH) {
        const batch = stored.slice(start, start + SWEEP_BATCH);
        // A stored key is `<userId>/<fileId>`: looked up by the file id, the table's key.
        const ids = batch.map((key) => key.split("/")[1] ?? "").filter((id) => UUID.test(id));
        const rows =
          ids.length === 0
            ? []
            : await db
                .select({ storageKey: files.storageKey })
                .from(files)
                .where(inArray(files.id, ids));
        const referred = new Set(rows.map((row) => row.storageKey));
        leftovers.push(...batch.filter((key) => !referred.has(key)));
      }
      for (const key of leftovers) await storage.delete(key);
      return leftovers.length;
    },

    async list(owner: FileOwner): Promise<FileList> {
      const items = await db
        .select(FILE_COLUMNS)
        .from(files)
        .where(eq(files.userId, owner.id))
        .orderBy(desc(files.createdAt), desc(files.id));
      return {
        items,
        usedBytes: await usedBytesOf(db, owner.id),
        limitBytes: gigabytesToBytes(limitsOf(owner).maxStorageGB),
      };
    },

    /** The owner's file and its bytes; anyone else's is "not found". */
    async open(ownerId: string, id: string): Promise<{ file: StoredFile; stream: Readable }> {
      const { storageKey, ...file } = await findOwn(ownerId, id);
      const stream = await storage.get(storageKey);
      if (stream === null) throw notFound("file", "No such file");
      return { file, stream };
    },

    /** A file the owner may read (for other features, e.g. knowledge sources). */
    async get(ownerId: string, id: string): Promise<StoredFile> {
      const { storageKey: _key, ...file } = await findOwn(ownerId, id);
      return file;
    },

    async remove(ownerId: string, id: string): Promise<void> {
      if (!UUID.test(id)) throw notFound("file", "No such file");
      const [row] = await db
        .delete(files)
        .where(and(eq(files.id, id), eq(files.userId, ownerId)))
        .returning({ storageKey: files.storageKey });
      if (row === undefined) throw notFound("file", "No such file");
      // The row goes first: a failure here leaves unreferenced bytes, never a listed file without bytes.
      await storage.delete(row.storageKey);
    },

    /** Every file of an owner whose account goes, rows and bytes (the rows' cascade alone would leave the bytes). */
    async removeAllOf(ownerId: string): Promise<void> {
      const removed = await db
        .delete(files)
        .where(eq(files.userId, ownerId))
        .returning({ storageKey: files.storageKey });
      for (const row of removed) await storage.delete(row.storageKey);
    },
  };
}
