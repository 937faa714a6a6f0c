// Reads configuration, opens the database, listens, and shuts down gracefully; start-up problems end in one clear line.
import net from "node:net";
import { SAMPLE_INTERVAL_MS } from "@aacos/domain/monitoring";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import { type Config, ConfigError, loadConfig, redactUrl } from "./config.js";
import { type Database, DatabaseStartError, openDatabase } from "./db/client.js";
import { AppError } from "./platform/errors.js";
import { connectRedis, RedisStartError } from "./platform/redis.js";
import { createScheduler } from "./platform/scheduler.js";

const HOUR_MS = 3_600_000;
/** How long SIGTERM lets in-flight requests and streams finish before their connections are cut. */
const DRAIN_MS = 10_000;
/** A stop still hanging this long after the drain ends the process anyway (orchestrators kill at ~30 s). */
const STOP_LIMIT_MS = DRAIN_MS + 12_000;
/**
 * The periodic work (scheduled jobs, system samples) first runs this long after listening: on PGlite every query
 * waits its turn on one connection, and a dozen start-up runs queued there held back the first requests (and the
 * first /api/health) by up to a second (docs/decisions/201-start-up-path.md).
 */
const PERIODIC_WORK_DELAY_MS = 5_000;
/**
 * The job workers (their queue checks and first fetches) and the leaderboard index's fill start this long after the
 * app is built, for the same reason (docs/decisions/350-restart-loads-less.md).
 */
const JOB_WORKERS_DELAY_MS = 1_000;

async function main() {
  const config = loadConfig(process.env);
  // Checked before the database opens, so a taken port fails in a moment, not after initdb.
  await assertPortFree(config.host, config.port);
  // The app's code — most of the bundle, a chunk of its own — is compiled and run while the database opens: on
  // PGlite that is mostly waiting for the template's copy, the WASM's compile and file reads, which leave this
  // thread free (docs/decisions/205-app-loads-while-database-opens.md).
  const opening = openDatabase(config);
  const loadingApp = import("./app.js");
  // A failure to load is reported where it is awaited; the database's own failure may come first.
  loadingApp.catch(() => {});
  const database = await opening;
  let buildApp: typeof import("./app.js")["buildApp"];
  try {
    ({ buildApp } = await loadingApp);
  } catch (error) {
    await database.close();
    throw error;
  }
  let redis: Redis | null = null;
  try {
    redis = await connectRedis(config.redisUrl);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp({
    config,
    database,
    redis,
    jobTimings: { workersDelayMs: JOB_WORKERS_DELAY_MS },
    startupWorkDelayMs: JOB_WORKERS_DELAY_MS,
  });
  // A configured admin is checked before listening: a rejected password ends the start.
  if (config.bootstrapAdmin !== undefined) await ensureAdmin(app, config.bootstrapAdmin);
  // docs/product.md §4's hourly check; each hour's run is claimed in job_runs, so one instance runs it.
  const scheduler = createScheduler({
    db: database.db,
    clock: () => new Date(),
    log: app.log,
    firstRunDelayMs: PERIODIC_WORK_DELAY_MS,
  });

  let stopSampler: () => void = () => {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    // Node closes the idle keep-alive connections once, when listening stops; those that fall idle as their
    // request or stream finishes would otherwise stay open for Fastify's 72 s keep-alive timeout.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
    // Past the drain time, what still streams is cut (a chat saves the part of the answer that arrived).
    const cut = setTimeout(() => {
      app.log.warn(`in-flight requests still open after ${DRAIN_MS / 1000} s: closing them`);
      app.server.closeAllConnections();
    }, DRAIN_MS);
    const limit = setTimeout(() => {
      app.log.error("shutdown did not finish in time; exiting");
      process.exit(1);
    }, STOP_LIMIT_MS);
    try {
      stopSampler();
      await scheduler.stop();
      // Stops listening, answers new requests on kept-alive sockets with 503, waits for in-flight ones, then runs
      // the features' close hooks: realtime sockets get 1001, the job runner, bus, mail and progression finish.
      await app.close();
      clearInterval(sweep);
      clearTimeout(cut);
      redis?.disconnect();
      await database.close();
      app.log.info("shutdown complete");
      clearTimeout(limit);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await closeQuietly(database, redis);
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") throw portInUse(config.port);
    throw error;
  }
  app.log.info(
    {
      database: config.databaseUrl ? redactUrl(config.databaseUrl) : `pglite:${config.dataDir}`,
      redis: config.redisUrl ? redactUrl(config.redisUrl) : "in-process",
    },
    `AACOS is running at http://localhost:${config.port}`,
  );
  // The setup link is offered once listening: its two statements stay off the path to the first requests
  // (docs/decisions/281-setup-link-after-listen.md).
  if (config.bootstrapAdmin === undefined) {
    offerSetupLink(app, config).catch((error: unknown) =>
      app.log.error({ err: error }, "setup link not issued"),
    );
  }
  scheduler.every(HOUR_MS, "progression-hourly", () => app.services.progression.hourlyCheck());
  // Stripe: paid plans whose grace period after a failed payment has ended fall back to genesis (every 15 min).
  const stripe = app.services.stripe;
  if (stripe !== null) {
    scheduler.every(15 * 60_000, "billing-grace", () => stripe.expireGraces());
    // The catalogue's Prices, looked up or created once at start; a failure is retried at each checkout.
    stripe
      .syncPrices()
      .then((count) => app.log.info({ prices: count }, "Stripe prices ready"))
      .catch((error: unknown) => app.log.error({ err: error }, "Stripe prices not synced"));
  }
  // docs/product.md §9: the suspicious-activity check every 30 s (one instance per slot; the flags live in the database).
  scheduler.every(30_000, "security-burst-check", () => app.services.security.checkBursts());
  // Signals past their tier's retention (docs/decisions/070-signals.md), once an hour across instances.
  scheduler.every(HOUR_MS, "signals-prune", () => app.services.signals.prune());
  // The analytics' daily rollups: each closed UTC day once, hourly so a missed run catches up (decision 222).
  scheduler.every(HOUR_MS, "analytics-rollup", () =>
    app.services.analyticsRollups.catchUp(new Date()),
  );
  // docs/product.md §9: each instance samples its own CPU and memory every 5 s (not a shared slot, so no scheduler).
  const startSampler = setTimeout(() => {
    stopSampler = app.services.metrics.sampler.start(SAMPLE_INTERVAL_MS, (error) =>
      app.log.warn({ err: error }, "system sample not taken"),
    );
  }, PERIODIC_WORK_DELAY_MS);
  startSampler.unref();
  stopSampler = () => clearTimeout(startSampler);
  // Alert rules are evaluated every 30 s by one instance; samples and resolved alerts are pruned hourly.
  scheduler.every(30_000, "alerts-evaluate", async () => ({
    ...(await app.services.alerts.evaluate()),
    ...(await app.services.consciousness.checkAllHarmony()),
  }));
  scheduler.every(HOUR_MS, "monitoring-prune", async () => {
    await app.services.metrics.prune();
    await app.services.alerts.prune();
  });
}

/** Admin bootstrap (docs/product.md §10): the configured admin is created or checked. */
async function ensureAdmin(
  app: FastifyInstance,
  admin: NonNullable<Config["bootstrapAdmin"]>,
): Promise<void> {
  try {
    await app.services.setup.ensureAdmin(admin.email, admin.password);
  } catch (error) {
    const fields =
      error instanceof AppError
        ? Object.values(error.fields ?? {}).map((field) => field.message)
        : [];
    throw new ConfigError(
      `AACOS_ADMIN_EMAIL/AACOS_ADMIN_PASSWORD rejected: ${fields.join("; ") || String(error)}`,
    );
  }
}

/** Admin bootstrap without a configured admin: a one-time setup link while there is no admin. */
async function offerSetupLink(app: FastifyInstance, config: Config): Promise<void> {
  const token = await app.services.setup.issueSetupToken();
  if (token !== null) {
    app.log.warn(
      `No admin exists yet. Create the first one within 24 hours at ${config.publicUrl}/setup?token=${token}`,
    );
  }
}

function portInUse(port: number): ConfigError {
  return new ConfigError(`port ${port} is already in use (set PORT to a free port)`);
}

async function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? portInUse(port) : error),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

async function closeQuietly(database: Database, redis: Redis | null) {
  redis?.disconnect();
  await database.close().catch(() => {});
}

/**
 * Settles once the server listens: the compiled server's entry writes its V8 code cache then, with what the start
 * compiled and nothing the requests did (docs/decisions/399-code-cache-at-listen.md). A failed start ends the process.
 */
export const started: Promise<void> = main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError ||
    error instanceof DatabaseStartError ||
    error instanceof RedisStartError;
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(
    `aacos: cannot start: ${known ? message : `unexpected error: ${message}`}\n`,
  );
  if (!known && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
