// Replies of uploads: one stored file (after its upload) and the caller's files with their storage use and quota.
import { z } from "zod";
import { Timestamp } from "../replies/common.js";

export const StoredFile = z.object({
  id: z.string(),
  name: z.string(),
  /** Bytes. */
  size: z.number(),
  mimeType: z.string(),
  createdAt: Timestamp,
});
export type StoredFile = z.input<typeof StoredFile>;

/** GET /api/files. */
export const FileList = z.object({
  items: z.array(StoredFile),
  usedBytes: z.number(),
  /** The plan's storage quota in bytes; −1 when unlimited. */
  limitBytes: z.number(),
});
export type FileList = z.input<typeof FileList>;
