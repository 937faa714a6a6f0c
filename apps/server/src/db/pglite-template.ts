// A migrated PGlite data directory built once (by `npm start`'s build step) and copied into an empty DATA_DIR, so a
// first start skips initdb and the migrations (docs/decisions/212-compiled-server-and-template.md). Only the schema
// is in it: the signing secret, the setup token and every other per-install value is made after the copy.
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { SERVER_ROOT } from "../server-root.js";

/** Where the build step keeps the template (beside the compiled server; `dist/` is not in git). */
export const PGLITE_TEMPLATE_DIR = path.join(SERVER_ROOT, "dist/pglite-template");
/** The fingerprint of the migrations (and PGlite's version) the template was built with. */
export const TEMPLATE_FINGERPRINT_FILE = "fingerprint";
/**
 * Inside a PGlite data directory: the fingerprint of the migrations last applied to it, written once they are, so a
 * start whose migrations match skips drizzle's check — four statements, among the slowest of a restart on a cold
 * backend (docs/decisions/280-restart-skips-applied-migrations.md). Postgres ignores files it does not know there.
 */
export const MIGRATED_FILE = "aacos-migrated";

/** The fingerprint of the migrations applied to the PGlite data directory `pgdata`, or null when none is recorded. */
export function readMigrated(pgdata: string): Promise<string | null> {
  return readFile(path.join(pgdata, MIGRATED_FILE), "utf8").catch(() => null);
}

/** Records that the migrations with `fingerprint` are applied to `pgdata` (a whole file or none: written, then renamed). */
export async function writeMigrated(pgdata: string, fingerprint: string): Promise<void> {
  const file = path.join(pgdata, MIGRATED_FILE);
  await writeFile(`${file}.partial`, fingerprint);
  await rename(`${file}.partial`, file);
}

/** Changes whenever a migration file, the journal or PGlite's version changes. */
export async function templateFingerprint(migrationsFolder: string): Promise<string> {
  const hash = createHash("sha256");
  // The package's entry is dist/index.cjs; its package.json is one folder up.
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const manifest = await readFile(path.join(path.dirname(entry), "../package.json"), "utf8");
  hash.update(String((JSON.parse(manifest) as { version?: unknown }).version));
  for (const name of [...(await readdir(migrationsFolder)), "meta/_journal.json"].sort()) {
    if (!name.endsWith(".sql") && !name.endsWith(".json")) continue;
    hash.update(name).update(await readFile(path.join(migrationsFolder, name)));
  }
  return hash.digest("hex");
}

/** Builds the template in `dir` (replacing an older one) unless it already matches the migrations. */
export async function buildPgliteTemplate(dir: string, migrationsFolder: string): Promise<boolean> {
  const fingerprint = await templateFingerprint(migrationsFolder);
  const current = await readFile(path.join(dir, TEMPLATE_FINGERPRINT_FILE), "utf8").catch(
    () => null,
  );
  if (current === fingerprint) return false;
  const partial = `${dir}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  const client = await PGlite.create({ dataDir: path.join(partial, "pglite") });
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.close();
  }
  // Copies carry it: a first start from the template skips the migrations' check as a restart does.
  await writeMigrated(path.join(partial, "pglite"), fingerprint);
  await writeFile(path.join(partial, TEMPLATE_FINGERPRINT_FILE), fingerprint);
  await rm(dir, { recursive: true, force: true });
  await rename(partial, dir);
  return true;
}

/**
 * Copies the template's data directory to `target` when `target` does not exist yet and the template matches the
 * migrations; returns whether it did. The copy lands under a temporary name and is renamed into place, so a start
 * that dies half-way leaves no half database behind. The caller holds the DATA_DIR lock.
 */
export async function copyPgliteTemplate(
  dir: string,
  migrationsFolder: string,
  target: string,
): Promise<boolean> {
  if (await exists(target)) return false;
  const built = await readFile(path.join(dir, TEMPLATE_FINGERPRINT_FILE), "utf8").catch(() => null);
  if (built === null || built !== (await templateFingerprint(migrationsFolder))) return false;
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  await copyTree(path.join(dir, "pglite"), partial);
  await rename(partial, target);
  return true;
}

/** A data directory is about 1,300 files: copied all at once, which is several times faster than fs.cp's one by one. */
async function copyTree(from: string, to: string): Promise<void> {
  await mkdir(to);
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? copyTree(path.join(from, entry.name), path.join(to, entry.name))
        : // A copy-on-write clone where the file system offers one (btrfs, XFS), else a plain copy.
          copyFile(
            path.join(from, entry.name),
            path.join(to, entry.name),
            constants.COPYFILE_FICLONE,
          ),
    ),
  );
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
