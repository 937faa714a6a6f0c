// Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set; applies migrations.
import { access, constants, mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PoolClient } from "pg";
import { SERVER_ROOT } from "../server-root.js";
import { DataDirInUseError, type DataDirLock, lockDataDir } from "./data-dir-lock.js";
import {
  copyPgliteTemplate,
  PGLITE_TEMPLATE_DIR,
  readMigrated,
  templateFingerprint,
  writeMigrated,
} from "./pglite-template.js";

export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, "drizzle");

/**
 * Both drivers behind one type: the queries are written once. Without the relational API (`db.query.…`, unused):
 * building its configuration from every table cost a start tens of milliseconds (docs/decisions/282-no-relational-query-config.md).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PGlite's PostgreSQL keeps PostgreSQL's default 128 MB of shared buffers, all allocated and zeroed in WASM memory as
 * the backend starts: about a third of a restart's database start, and 100 MB of memory. 32 MB holds this product's
 * working set many times over (docs/decisions/380-smaller-pglite-buffer-pool.md).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

/** Serialises migrations when several server instances start against one PostgreSQL. */
const MIGRATION_LOCK_ID = 7_314_159;

export class DatabaseStartError extends Error {}

export async function openPglite(options: {
  dataDir?: string;
  /** A dump of an already migrated database (tests). */
  loadDataDir?: Blob;
  /** A migrated data directory (pglite-template.ts) copied in when `dataDir` holds no database yet. */
  template?: string;
}): Promise<Database> {
  let lock: DataDirLock | null = null;
  if (options.dataDir !== undefined) {
    await ensureWritableDir(options.dataDir);
    // PGlite has no guard of its own: a second process on one directory would lose what it writes.
    try {
      lock = await lockDataDir(options.dataDir);
    } catch (error) {
      if (error instanceof DataDirInUseError) throw new DatabaseStartError(error.message);
      throw error;
    }
  }
  try {
    if (options.dataDir !== undefined && options.template !== undefined) {
      // Under the lock, so two starters never copy into one directory.
      await copyPgliteTemplate(
        options.template,
        MIGRATIONS_FOLDER,
        path.join(options.dataDir, "pglite"),
      );
    }
    const pgdata = options.dataDir !== undefined ? path.join(options.dataDir, "pglite") : undefined;
    // A data directory records the migrations applied to it; when they match these, drizzle's check is skipped
    // (docs/decisions/280-restart-skips-applied-migrations.md). Read while PGlite opens; a failure only means
    // that the check runs.
    const applied =
      pgdata === undefined
        ? Promise.resolve(null)
        : Promise.all([templateFingerprint(MIGRATIONS_FOLDER), readMigrated(pgdata)]).catch(
            () => null,
          );
    const client = await PGlite.create({
      startParams: PGLITE_START_PARAMS,
      ...(pgdata !== undefined ? { dataDir: pgdata } : {}),
      ...(options.loadDataDir !== undefined ? { loadDataDir: options.loadDataDir } : {}),
    });
    const db = drizzlePglite(client);
    const [fingerprint, recorded] = (await applied) ?? [null, null];
    if (fingerprint === null || recorded !== fingerprint) {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
      if (pgdata !== undefined && fingerprint !== null) await writeMigrated(pgdata, fingerprint);
    }
    return {
      db: db as unknown as Db,
      kind: "pglite",
      ping: async () => {
        await client.query("select 1");
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          await lock?.release();
        }
      },
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

export async function openPostgres(url: string): Promise<Database> {
  // Loaded only here: a server on PGlite never evaluates the PostgreSQL driver (docs/decisions/350-restart-loads-less.md).
  const [{ default: pg }, { drizzle: drizzlePostgres }, { migrate: migratePostgres }] =
    await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client's network error must not crash the process; the next query reports it.
  pool.on("error", () => {});
  let lockClient: PoolClient;
  try {
    lockClient = await pool.connect();
  } catch (error) {
    await pool.end();
    throw new DatabaseStartError(`cannot connect to DATABASE_URL: ${describe(error)}`);
  }
  const db = drizzlePostgres(pool);
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  return {
    db: db as unknown as Db,
    kind: "postgres",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

export function openDatabase(config: {
  dataDir: string;
  databaseUrl: string | undefined;
}): Promise<Database> {
  return config.databaseUrl !== undefined
    ? openPostgres(config.databaseUrl)
    : openPglite({ dataDir: config.dataDir, template: PGLITE_TEMPLATE_DIR });
}

async function ensureWritableDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (error) {
    throw new DatabaseStartError(`DATA_DIR ${dir} is not a writable directory: ${describe(error)}`);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code !== undefined ? `${code} ${error.message}` : error.message;
  }
  return String(error);
}
