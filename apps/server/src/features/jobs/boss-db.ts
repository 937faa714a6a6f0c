// The connection pg-boss talks through (its `db` option): the app's own PGlite client on the embedded database, or a
// small pool of its own on PostgreSQL (docs/decisions/090-job-runner-pg-boss.md).
import type pg from "pg";
import type { Database } from "../../db/client.js";

export interface QueryRows {
  rows: Record<string, unknown>[];
}

/** What pg-boss calls; `close` waits for statements still running (pg-boss does not await every one it sends). */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<QueryRows>;
  /** Runs `work` inside one transaction on one connection; `tx` is handed to pg-boss calls as their `db`. */
  transaction<T>(work: (tx: Pick<BossDb, "executeSql">) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The PGlite methods the adapter needs (the client under the app's Drizzle instance). */
interface PgliteClient {
  query(text: string, values?: unknown[]): Promise<QueryRows>;
  exec(text: string): Promise<QueryRows[]>;
  isInTransaction(): boolean;
  transaction<T>(
    work: (tx: { query(text: string, values?: unknown[]): Promise<QueryRows> }) => Promise<T>,
  ): Promise<T>;
}

function isPgliteClient(value: unknown): value is PgliteClient {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.query === "function" &&
    typeof candidate.exec === "function" &&
    typeof candidate.isInTransaction === "function"
  );
}

/**
 * Tracks statements in flight and answers nothing once closed: pg-boss fires some statements without awaiting them
 * (the completion of a job), and an answer of `undefined` after close is what its own pool adapter gives.
 */
function guarded(
  run: (text: string, values?: unknown[]) => Promise<QueryRows>,
  inTransaction: <T>(work: (tx: Pick<BossDb, "executeSql">) => Promise<T>) => Promise<T>,
  end: () => Promise<void>,
): BossDb {
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  const track = <T>(running: Promise<T>): Promise<T> => {
    const tracked = running.catch(() => {});
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
    return running;
  };
  return {
    executeSql(text: string, values?: unknown[]): Promise<QueryRows> {
      if (closed) return Promise.resolve(undefined as unknown as QueryRows);
      return track(run(text, values));
    },
    transaction(work) {
      if (closed) return Promise.reject(new Error("the job runner is stopped"));
      return track(inTransaction(work));
    },
    async close() {
      closed = true;
      await Promise.allSettled([...inFlight]);
      await end();
    },
  };
}

/**
 * On PGlite: parameterised single statements go through `query`; pg-boss's multi-statement scripts (schema creation,
 * maintenance, each wrapped in BEGIN … COMMIT) carry no parameters and need `exec`. PGlite serialises both with the
 * app's own queries and transactions on its one connection. A script that fails half-way is rolled back here, so the
 * shared connection is never left inside an aborted transaction.
 */
export function pgliteBossDb(client: PgliteClient): BossDb {
  return guarded(
    async (text, values) => {
      if (values !== undefined && values.length > 0) return client.query(text, values);
      try {
        const results = await client.exec(text);
        // The last statement's rows (a single SELECT's, or nothing after COMMIT).
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (error) {
        if (client.isInTransaction()) await client.exec("ROLLBACK").catch(() => {});
        throw error;
      }
    },
    (work) =>
      client.transaction((tx) =>
        work({ executeSql: (text, values) => tx.query(text, values ?? []) }),
      ),
    async () => {},
  );
}

/** On PostgreSQL: a pool of its own from DATABASE_URL; a failed script's connection is rolled back before reuse. */
export function postgresBossDb(url: string, max = 4): BossDb {
  // The driver is loaded on the first statement, so a module that imports this one does not load it on PGlite
  // (docs/decisions/350-restart-loads-less.md).
  const opening = import("pg").then(({ default: driver }) => {
    const made = new driver.Pool({
      connectionString: url,
      max,
      application_name: "aacos-jobs",
      connectionTimeoutMillis: 5000,
    });
    made.on("error", () => {});
    return made;
  });
  const connect = async (): Promise<pg.PoolClient> => (await opening).connect();
  // pg-boss sends the same few parameterised statements over and over (insert, fetch, complete): named, each
  // connection parses and plans them once instead of on every call.
  const names = new Map<string, string>();
  const named = (text: string) => {
    let name = names.get(text);
    if (name === undefined) {
      name = `aacos_jobs_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  return guarded(
    async (text, values) => {
      const client = await connect();
      try {
        const result =
          values !== undefined && values.length > 0
            ? await client.query({ name: named(text), text, values })
            : await client.query(text);
        // A multi-statement script answers one result per statement; pg-boss reads the last.
        const last = Array.isArray(result) ? result.at(-1) : result;
        return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async (work) => {
      const client = await connect();
      try {
        await client.query("BEGIN");
        const result = await work({
          executeSql: async (text, values) => {
            const answer = await client.query(text, values);
            return { rows: answer.rows as Record<string, unknown>[] };
          },
        });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async () => (await opening).end(),
  );
}

/** The adapter for the app's database: PGlite's own client, or a pool of its own on the app's PostgreSQL. */
export function bossDbFor(database: Database): BossDb {
  // Drizzle keeps the client it was built on as `$client`: the PGlite instance, or the app's pg.Pool.
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (database.kind === "postgres") {
    const url = (client as { options?: pg.PoolConfig } | undefined)?.options?.connectionString;
    if (url === undefined)
      throw new Error("the job runner cannot find the PostgreSQL connection string");
    return postgresBossDb(url);
  }
  if (!isPgliteClient(client)) throw new Error("the embedded database has no PGlite client");
  return pgliteBossDb(client);
}
