// How far a zip (a DOCX) unpacks, read from its central directory and measured by inflating each entry with a hard
// stop, before any parser opens it: a few hundred kilobytes of deflate can unpack to gigabytes
// (docs/decisions/145-hostile-documents.md).
import { createInflateRaw } from "node:zlib";
import {
  UNPACKED_PART_MAX_MB,
  UNPACKED_TOTAL_MAX_MB,
  UPLOAD_MESSAGES,
} from "@aacos/domain/validation";

export interface ZipLimits {
  /** Inflated bytes one entry may hold. */
  maxEntryBytes: number;
  /** Inflated bytes of all entries together. */
  maxTotalBytes: number;
  /** Entries the directory may list (a Word document has a few dozen). */
  maxEntries: number;
}

const MB = 1024 * 1024;
export const ZIP_LIMITS: ZipLimits = {
  maxEntryBytes: UNPACKED_PART_MAX_MB * MB,
  maxTotalBytes: UNPACKED_TOTAL_MAX_MB * MB,
  maxEntries: 5000,
};

export type ZipVerdict =
  | { ok: true; entries: number; inflatedBytes: number }
  /** `message` is the refusal in English, `maxMb` the limit it broke (the field code's param). */
  | { ok: false; reason: "too-large"; message: string; maxMb: number }
  | { ok: false; reason: "unreadable" };

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** Deflate input is fed in slices this big, so one write can never produce much more than the limit. */
const SLICE = 16 * 1024;

const MAX32 = 0xffffffff;

class Unreadable extends Error {}

function reader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const need = (offset: number, length: number) => {
    if (offset < 0 || offset + length > bytes.byteLength) throw new Unreadable();
  };
  return {
    u16(offset: number): number {
      need(offset, 2);
      return view.getUint16(offset, true);
    },
    u32(offset: number): number {
      need(offset, 4);
      return view.getUint32(offset, true);
    },
    u64(offset: number): number {
      need(offset, 8);
      return view.getUint32(offset, true) + view.getUint32(offset + 4, true) * 2 ** 32;
    },
    slice(offset: number, length: number): Uint8Array {
      need(offset, length);
      return bytes.subarray(offset, offset + length);
    },
  };
}

/** The offset of the end-of-central-directory record (it ends the file, behind a comment of at most 64 KB). */
function endOfDirectory(bytes: Uint8Array, read: ReturnType<typeof reader>): number {
  const lowest = Math.max(0, bytes.byteLength - 22 - 0xffff);
  for (let offset = bytes.byteLength - 22; offset >= lowest; offset -= 1) {
    if (read.u32(offset) === END_OF_DIRECTORY) return offset;
  }
  throw new Unreadable();
}

/** The real values of the fields a ZIP64 extra field (id 1) stands in for, in its fixed order. */
function zip64Sizes(
  read: ReturnType<typeof reader>,
  extraStart: number,
  extraLength: number,
  entry: { declared: number; compressed: number; local: number },
): { declared: number; compressed: number; local: number } {
  for (let at = extraStart; at + 4 <= extraStart + extraLength; at += 4 + read.u16(at + 2)) {
    if (read.u16(at) !== 1) continue;
    let field = at + 4;
    const next = () => {
      const value = read.u64(field);
      field += 8;
      return value;
    };
    return {
      declared: entry.declared === MAX32 ? next() : entry.declared,
      compressed: entry.compressed === MAX32 ? next() : entry.compressed,
      local: entry.local === MAX32 ? next() : entry.local,
    };
  }
  throw new Unreadable();
}

/** Inflates `data` without keeping the output; "over" as soon as it passes `limit` bytes. */
function inflatedSize(data: Uint8Array, limit: number): Promise<number | "over" | "corrupt"> {
  return new Promise((resolve) => {
    const inflater = createInflateRaw();
    let size = 0;
    let settled = false;
    const settle = (verdict: number | "over" | "corrupt") => {
      if (settled) return;
      settled = true;
      resolve(verdict);
      inflater.destroy();
    };
    inflater.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) settle("over");
    });
    inflater.on("end", () => settle(size));
    inflater.on("error", () => settle("corrupt"));
    // Slice by slice, waiting for each to drain: the inflater never runs far past the stop.
    (async () => {
      for (let start = 0; start < data.byteLength && !settled; start += SLICE) {
        const more = inflater.write(data.subarray(start, start + SLICE));
        if (!more && !settled) {
          await new Promise((drained) => {
            inflater.once("drain", drained);
            inflater.once("close", drained);
          });
        }
      }
      if (!settled) inflater.end();
    })().catch(() => settle("corrupt"));
  });
}

/**
 * Checks a zip's inflated sizes against the limits: the sizes its directory declares first (a refusal costs
 * nothing), then the real ones, inflating every entry and stopping at the limit (declared sizes can lie).
 */
export async function checkZipInflation(
  bytes: Uint8Array,
  limits: ZipLimits = ZIP_LIMITS,
): Promise<ZipVerdict> {
  const partTooLarge = {
    ok: false as const,
    reason: "too-large" as const,
    message: UPLOAD_MESSAGES.unpackedTooLarge(Math.round(limits.maxEntryBytes / MB)),
    maxMb: Math.round(limits.maxEntryBytes / MB),
  };
  const totalTooLarge = {
    ok: false as const,
    reason: "too-large" as const,
    message: UPLOAD_MESSAGES.unpackedTooLarge(Math.round(limits.maxTotalBytes / MB)),
    maxMb: Math.round(limits.maxTotalBytes / MB),
  };
  try {
    const read = reader(bytes);
    const end = endOfDirectory(bytes, read);
    const count = read.u16(end + 10);
    const directoryOffset = read.u32(end + 16);
    // 0xffff / 0xffffffff mean ZIP64, which no document within the upload limit needs.
    if (count === 0xffff || directoryOffset === 0xffffffff)
      return { ok: false, reason: "unreadable" };
    if (count > limits.maxEntries) return totalTooLarge;

    const entries: { method: number; declared: number; compressed: number; local: number }[] = [];
    let declaredTotal = 0;
    let offset = directoryOffset;
    for (let index = 0; index < count; index += 1) {
      if (read.u32(offset) !== DIRECTORY_ENTRY) throw new Unreadable();
      const nameLength = read.u16(offset + 28);
      const extraLength = read.u16(offset + 30);
      const entry = {
        method: read.u16(offset + 10),
        compressed: read.u32(offset + 20),
        declared: read.u32(offset + 24),
        local: read.u32(offset + 42),
      };
      // Some writers (LibreOffice) put sizes in the ZIP64 extra field even for small files.
      if (entry.declared === MAX32 || entry.compressed === MAX32 || entry.local === MAX32) {
        Object.assign(entry, zip64Sizes(read, offset + 46 + nameLength, extraLength, entry));
      }
      if (entry.method !== STORED && entry.method !== DEFLATED) throw new Unreadable();
      if (entry.declared > limits.maxEntryBytes) return partTooLarge;
      declaredTotal += entry.declared;
      if (declaredTotal > limits.maxTotalBytes) return totalTooLarge;
      entries.push(entry);
      offset += 46 + nameLength + extraLength + read.u16(offset + 32);
    }

    let total = 0;
    for (const entry of entries) {
      if (read.u32(entry.local) !== LOCAL_HEADER) throw new Unreadable();
      const start = entry.local + 30 + read.u16(entry.local + 26) + read.u16(entry.local + 28);
      const data = read.slice(start, entry.compressed);
      const room = Math.min(limits.maxEntryBytes, limits.maxTotalBytes - total);
      const size = entry.method === STORED ? data.byteLength : await inflatedSize(data, room);
      if (size === "corrupt") throw new Unreadable();
      if (size === "over" || size > room) {
        return room < limits.maxEntryBytes ? totalTooLarge : partTooLarge;
      }
      total += size;
    }
    return { ok: true, entries: entries.length, inflatedBytes: total };
  } catch (error) {
    if (error instanceof Unreadable) return { ok: false, reason: "unreadable" };
    throw error;
  }
}
