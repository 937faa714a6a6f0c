// The upload rules of docs/product.md §5: allowed extensions, 10 MB, one extension, MIME type matching the extension.
// Markdown (.md) is added beside the original list: knowledge files are often Markdown (decision 015).
import { type FieldError, type FieldFailure, fieldFailure } from "../field-errors.js";
import { MESSAGES } from "../validation/messages.js";

export const UPLOAD_MAX_MB = 10;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;

export const UPLOAD_MIME_TYPES = {
  jpg: ["image/jpeg"],
  jpeg: ["image/jpeg"],
  png: ["image/png"],
  gif: ["image/gif"],
  pdf: ["application/pdf"],
  doc: ["application/msword"],
  docx: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  txt: ["text/plain"],
  md: ["text/markdown", "text/x-markdown", "text/plain"],
} as const satisfies Record<string, readonly string[]>;
export type UploadExtension = keyof typeof UPLOAD_MIME_TYPES;

/**
 * What a packed document (DOCX: a zip) may unpack to, per part and in all: a few hundred times its packed size is
 * easy for deflate, so the upload limit alone bounds nothing (docs/decisions/145-hostile-documents.md).
 */
export const UNPACKED_PART_MAX_MB = 32;
export const UNPACKED_TOTAL_MAX_MB = 64;

/** Upload refusals beside docs/product.md §5's own (MESSAGES), in the same style. */
export const UPLOAD_MESSAGES = {
  /** "File type . is not allowed" said nothing useful about a name without an extension. */
  missingExtension: `The file name has no extension; allowed: ${Object.keys(UPLOAD_MIME_TYPES)
    .map((extension) => `.${extension}`)
    .join(", ")}`,
  unpackedTooLarge: (maxMb: number) => `Unpacked file size exceeds maximum of ${maxMb}MB`,
  /** The text extraction ran out of its memory or time. */
  tooComplex: "This file is too large or complex to read; split it into smaller files",
  /** A body with a second file: one upload stores one file, so none of them is kept. */
  oneFileOnly: "Upload one file at a time",
} as const;

export interface UploadCandidate {
  name: string;
  size: number;
  mimeType: string;
}

export type UploadCheck =
  | { ok: true; extension: UploadExtension }
  | { ok: false; status: 400 | 413; message: string; field: FieldError };

export type UploadNameCheck =
  | { ok: true; extension: UploadExtension }
  | { ok: false; status: 400; message: string; field: FieldError };

/** The allowed extensions as ".jpg, .png, …" (the missing-extension text's list). */
export const ALLOWED_EXTENSIONS_TEXT = Object.keys(UPLOAD_MIME_TYPES)
  .map((extension) => `.${extension}`)
  .join(", ");

/** A refusal with its English text and field code. */
function refusal<S extends 400 | 413>(status: S, failure: FieldFailure) {
  const { message, ...field } = failure;
  return { ok: false as const, status, message, field: field as FieldError };
}

/**
 * A file's name as the product keeps and shows it: control characters gone (tabs and line breaks become spaces) and
 * the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) dropped, so "evil\u202Egpj.txt" is
 * shown as what it is, "evilgpj.txt", and not as "eviltxt.jpg". The marks U+200E and U+200F stay: they order
 * nothing but the characters beside them.
 */
export function shownFileName(name: string): string {
  return name
    .replace(/[\t\n\v\f\r]+/g, " ")
    .replace(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu, "")
    .trim();
}

/** The rules a file's name alone decides (checked before any byte is stored): allowed extension, only one. */
export function checkUploadName(name: string): UploadNameCheck {
  const parts = name.split(".");
  const extension = (parts.length > 1 ? parts[parts.length - 1] : "")?.toLowerCase() ?? "";
  if (extension === "") {
    return refusal(
      400,
      fieldFailure(UPLOAD_MESSAGES.missingExtension, "missing_extension", {
        allowed: ALLOWED_EXTENSIONS_TEXT,
      }),
    );
  }
  if (!(extension in UPLOAD_MIME_TYPES)) {
    return refusal(
      400,
      fieldFailure(MESSAGES.fileTypeNotAllowed(extension), "file_type_not_allowed", {
        extension,
      }),
    );
  }
  if (parts.filter((part) => part.length > 0).length > 2) {
    return refusal(400, fieldFailure(MESSAGES.multipleExtensions, "multiple_extensions"));
  }
  return { ok: true, extension: extension as UploadExtension };
}

/** The first rule a file breaks, in the order a user can fix them; the size rule answers 413. */
export function checkUpload(file: UploadCandidate): UploadCheck {
  const named = checkUploadName(file.name);
  if (!named.ok) return named;
  if (file.size > UPLOAD_MAX_BYTES) {
    return refusal(
      413,
      fieldFailure(MESSAGES.fileTooLarge(UPLOAD_MAX_MB), "file_too_large", { max: UPLOAD_MAX_MB }),
    );
  }
  const allowed: readonly string[] = UPLOAD_MIME_TYPES[named.extension];
  if (!allowed.includes(file.mimeType.split(";")[0]?.trim().toLowerCase() ?? "")) {
    return refusal(400, fieldFailure(MESSAGES.mimeMismatch, "mime_mismatch"));
  }
  return named;
}

/**
 * docs/product.md §10: what a file's leading bytes must be detected as (file-type's MIME names) for each
 * extension. A .doc is an OLE compound file (CFB); a real .docx is detected as docx, not as a bare zip; plain text
 * has no signature, so it must be valid UTF-8 without NUL bytes instead.
 */
export const UPLOAD_SIGNATURES = {
  jpg: ["image/jpeg"],
  jpeg: ["image/jpeg"],
  png: ["image/png", "image/apng"],
  gif: ["image/gif"],
  pdf: ["application/pdf"],
  doc: ["application/x-cfb"],
  docx: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  txt: "plain-text",
  md: "plain-text",
} as const satisfies Record<UploadExtension, readonly string[] | "plain-text">;

export interface UploadContent {
  /** The MIME type detected from the magic bytes, if any. */
  detectedMime: string | undefined;
  /** Every byte is valid UTF-8 and none is NUL. */
  isPlainText: boolean;
}

/** Whether the bytes are what the extension claims; a refusal uses the §5 mismatch message. */
export function contentMatchesExtension(
  extension: UploadExtension,
  content: UploadContent,
): boolean {
  const expected: readonly string[] | "plain-text" = UPLOAD_SIGNATURES[extension];
  if (expected === "plain-text") return content.isPlainText;
  return content.detectedMime !== undefined && expected.includes(content.detectedMime);
}

const MEGABYTE = 1024 * 1024;
const GIGABYTE = 1024 * MEGABYTE;

/** Plan limits in bytes; −1 (unlimited) stays −1. */
export function megabytesToBytes(megabytes: number): number {
  return megabytes < 0 ? -1 : megabytes * MEGABYTE;
}
export function gigabytesToBytes(gigabytes: number): number {
  return gigabytes < 0 ? -1 : gigabytes * GIGABYTE;
}

export const UPLOAD_LIMIT_MESSAGES = {
  storage: (gigabytes: number) => `Storage limit reached: ${gigabytes} GB`,
} as const;

export type UploadLimitCheck =
  | { ok: true }
  | { ok: false; status: 403 | 413; message: string; reason: "maxFileSize" | "maxStorageGB" };

/** The plan's file size (MB) and storage quota (GB): the file plus what the user already stores. */
export function checkUploadLimits(input: {
  size: number;
  usedBytes: number;
  maxFileSizeMb: number;
  maxStorageGB: number;
}): UploadLimitCheck {
  const fileLimit = megabytesToBytes(input.maxFileSizeMb);
  if (fileLimit >= 0 && input.size > fileLimit) {
    return {
      ok: false,
      status: 413,
      message: MESSAGES.fileTooLarge(input.maxFileSizeMb),
      reason: "maxFileSize",
    };
  }
  const storageLimit = gigabytesToBytes(input.maxStorageGB);
  if (storageLimit >= 0 && input.usedBytes + input.size > storageLimit) {
    return {
      ok: false,
      status: 403,
      message: UPLOAD_LIMIT_MESSAGES.storage(input.maxStorageGB),
      reason: "maxStorageGB",
    };
  }
  return { ok: true };
}

/** docs/product.md §4: upload progress is a rounded percentage. */
export function uploadProgressPercent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((loaded / total) * 100);
}
