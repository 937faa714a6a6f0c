// Where uploaded bytes live: a small key → bytes interface, implemented on the local disk (an object store can implement it later).
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface FileStorage {
  /** Writes the whole stream under `key`; on failure nothing is left under it. */
  put(key: string, data: Readable | Uint8Array): Promise<void>;
  /** The bytes under `key`; null when there are none. */
  get(key: string): Promise<Readable | null>;
  /** Renames a stored object (a finished upload leaves its temporary key). */
  move(from: string, to: string): Promise<void>;
  /** Removes the bytes; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The keys of every stored object last written before `before`. */
  keysWrittenBefore(before: Date): Promise<string[]>;
}

/** Keys are made by the server (`<folder>/<uuid>`), never from user input; anything else is a bug. */
const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** The names in a directory; none when it does not exist (yet). */
function namesIn(directory: string): Promise<string[]> {
  return readdir(directory).catch(() => []);
}

/** Files under `root` (DATA_DIR/files), one per key; directories are created on first write. */
export function createLocalStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, ...checkedKey(key).split("/"));

  return {
    async put(key, data) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const source = data instanceof Readable ? data : Readable.from([data]);
      try {
        await pipeline(source, createWriteStream(target, { flags: "wx" }));
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileOf(key);
      try {
        if (!(await stat(file)).isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(file);
    },

    async move(from, to) {
      const target = fileOf(to);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(fileOf(from), target);
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },

    async keysWrittenBefore(before) {
      const keys: string[] = [];
      // Keys are `<folder>/<name>`: two levels, so two reads of directories.
      for (const folder of await namesIn(root)) {
        for (const name of await namesIn(path.join(root, folder))) {
          const key = `${folder}/${name}`;
          if (!KEY.test(key)) continue;
          // A file still being written has a fresh mtime; one gone meanwhile is no error.
          const written = await stat(fileOf(key)).catch(() => null);
          if (written?.isFile() && written.mtimeMs < before.getTime()) keys.push(key);
        }
      }
      return keys;
    },
  };
}
