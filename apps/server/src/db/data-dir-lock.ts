// One process per PGlite DATA_DIR: a lock file holding the owner's pid, created exclusively. A second server (or the
// user CLI) is refused while the owner lives; the lock of a process that died without releasing it (kill -9, power
// loss) is taken over. docs/decisions/151-data-dir-lock.md.
import { open, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";

export const LOCK_FILE = "aacos.lock";

export class DataDirInUseError extends Error {
  constructor(readonly pid: number) {
    super(`DATA_DIR is in use by process ${pid}`);
  }
}

export interface DataDirLock {
  /** Removes the lock file if it is still this process's (once; later calls do nothing). */
  release(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function ownerOf(file: string): Promise<number | null> {
  try {
    const pid = Number.parseInt((await readFile(file, "utf8")).trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const handle = await open(file, "wx");
      try {
        await handle.writeFile(`${process.pid}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          if ((await ownerOf(file)) === process.pid) await rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = await ownerOf(file);
    // The same pid as ours is a previous life of this process's slot (a restarted container's pid 1), not a rival.
    if (owner !== null && owner !== process.pid && isAlive(owner))
      throw new DataDirInUseError(owner);
    if (owner === null) {
      // Being written this very moment by a starting rival, or left empty by a crash: look again shortly.
      await new Promise((resolve) => setTimeout(resolve, 100));
      if ((await ownerOf(file)) !== null) continue;
    }
    // Stale: moved aside, then the exclusive create above decides who gets it. (Two starters taking over one stale
    // lock in the same millisecond is not guarded against.)
    await rename(file, `${file}.stale-${process.pid}`).catch(() => {});
    await rm(`${file}.stale-${process.pid}`, { force: true });
  }
  throw new Error(`could not take the lock ${file}`);
}
