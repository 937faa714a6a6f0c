// Throughput of the product's hot path against a bare Fastify route on the same machine, in the same run: each is
// served by a child process of its own, autocannon (here) loads them in alternating rounds, and the median of the
// per-round ratios is printed beside its target — health, catalogue, a signed-in metered GET reading one row and a
// signed-in write, on in-memory PGlite and (with DATABASE_URL and REDIS_URL) on PostgreSQL + Redis.
//
// The product is the compiled server as `npm start` runs it (compiled-server.ts: a fresh DATA_DIR on disk, or the
// bench's own PostgreSQL database and Redis), restarted once so it runs on its code cache; BENCH_SERVER=source builds the app from the TypeScript sources in a
// forked process instead (in-memory PGlite), as the bench did before.
//
// BENCH_SECONDS (3) per round, BENCH_ROUNDS (3), BENCH_CONNECTIONS (50), BENCH_ONLY (cases whose name contains it,
// e.g. "metered" to profile just that one); BENCH_CPU_PROF=dir writes the product process's CPU profile there as a
// .cpuprofile: the compiled server's whole life (--cpu-prof), or with BENCH_SERVER=source the measured part only
// (set-up left out).
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import {
  BENCH_ACCOUNT,
  buildCompiledServer,
  cpuMs,
  createUser,
  putOnInfinity,
  startCompiledServer,
} from "./compiled-server.js";
import { median } from "./median.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ONLY = process.env.BENCH_ONLY ?? "";
const COMPILED = process.env.BENCH_SERVER !== "source";
/** Another build's dist directory (e.g. main's, copied aside): measured in the same rounds, for before/after ratios. */
const BEFORE_DIST = process.env.BENCH_BEFORE_DIST;

/** What the serving children tell the parent once they listen. */
interface Served {
  bare: string;
  product: string;
  apiKey: string;
  universeId: string;
}

interface Case {
  name: string;
  /** Target ratio to bare Fastify on PGlite and on PostgreSQL + Redis (null: printed only). */
  target: { pglite: number | null; postgres: number | null };
  request(served: Served): {
    path: string;
    method?: "GET" | "PATCH";
    headers?: Record<string, string>;
    body?: string;
  };
}

const CASES: Case[] = [
  {
    name: "GET /api/health",
    target: { pglite: null, postgres: null },
    request: () => ({ path: "/api/health" }),
  },
  {
    name: "GET /api/catalog",
    target: { pglite: null, postgres: null },
    request: () => ({ path: "/api/catalog" }),
  },
  {
    // A plan call (personal API key, unlimited plan) that reads the caller's own row.
    name: "signed-in metered GET /api/users/profile",
    target: { pglite: 0.5, postgres: 0.3 },
    request: (served) => ({
      path: "/api/users/profile",
      headers: { authorization: `Bearer ${served.apiKey}` },
    }),
  },
  {
    name: "signed-in write PATCH /api/aacos/universes/:id",
    target: { pglite: null, postgres: null },
    request: (served) => ({
      path: `/api/aacos/universes/${served.universeId}`,
      method: "PATCH",
      headers: { authorization: `Bearer ${served.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ description: "Renamed by the throughput bench" }),
    }),
  },
];
const P99_TARGET_MS = 25;

async function serveBare() {
  const { default: Fastify } = await import("fastify");
  const bare = Fastify({ logger: false });
  bare.get("/api/*", async () => ({ hello: "world" }));
  bare.patch("/api/*", async () => ({ hello: "world" }));
  await bare.listen({ port: 0, host: "127.0.0.1" });
  process.send?.({ url: `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}` });
  process.on("message", async () => {
    await bare.close();
    process.exit(0);
  });
}

async function serveProduct() {
  const [{ buildApp }, { loadConfig }, client, { connectRedis }, { benchAccount }] =
    await Promise.all([
      import("../apps/server/src/app.js"),
      import("../apps/server/src/config.js"),
      import("../apps/server/src/db/client.js"),
      import("../apps/server/src/platform/redis.js"),
      import("./support.js"),
    ]);
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = path.join(tmpdir(), `aacos-bench-api-${randomBytes(4).toString("hex")}`);
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: databaseUrl === undefined ? undefined : process.env.REDIS_URL,
    WEB_DIST: "/nonexistent",
  });
  const database =
    databaseUrl === undefined
      ? await client.openPglite({})
      : await client.openPostgres(databaseUrl);
  const redis = await connectRedis(config.redisUrl);
  const app = await buildApp({ config, database, redis });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { user, key } = await benchAccount(app, database);
  const universe = await app.services.workspace.createUniverse(
    { id: user.id, tier: "infinity", world: "infinity" },
    { name: "Bench" },
  );
  const profileDir = process.env.BENCH_CPU_PROF;
  const profiler = profileDir ? new Session() : null;
  if (profiler !== null) {
    profiler.connect();
    await profiler.post("Profiler.enable");
    // BENCH_CPU_PROF_DELAY_MS leaves warm-up out of the profile.
    const delay = Number(process.env.BENCH_CPU_PROF_DELAY_MS ?? 0);
    setTimeout(() => void profiler.post("Profiler.start"), delay);
  }
  process.send?.({
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    apiKey: key,
    universeId: universe.id,
  });
  process.on("message", async () => {
    if (profiler !== null && profileDir !== undefined) {
      const { profile } = await profiler.post("Profiler.stop");
      await mkdir(profileDir, { recursive: true });
      const file = path.join(profileDir, `api-throughput-${Date.now()}.cpuprofile`);
      await writeFile(file, JSON.stringify(profile));
      console.log(`CPU profile: ${file}`);
    }
    await app.close();
    redis?.disconnect();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
}

interface Round {
  requests: number;
  p99: number;
  errors: number;
  /** CPU time the serving process used per request answered, in µs (NaN where /proc is missing). */
  cpuPerRequest: number;
}

async function load(
  base: string,
  request: ReturnType<Case["request"]>,
  pid?: number,
): Promise<Round> {
  const cpuBefore = cpuMs(pid) * 1000;
  const result = await autocannon({
    url: `${base}${request.path}`,
    method: request.method ?? "GET",
    headers: request.headers,
    body: request.body,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const cpu = cpuMs(pid) * 1000 - cpuBefore;
  return {
    requests: result.requests.average,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    cpuPerRequest: cpu / result.requests.total,
  };
}

interface Started {
  child: ChildProcess;
  message: { url: string; apiKey?: string; universeId?: string };
  /** Removes what the product left (the compiled server's DATA_DIR). */
  cleanUp?: () => Promise<void>;
}

/** Answers the JSON of a call that must succeed. */
async function call<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init.method ?? "GET"} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The compiled server on a new DATA_DIR (or the given PostgreSQL database and REDIS_URL), with the bench account on
 * the infinity plan, signed in through the API, a personal API key and a universe made through it.
 */
async function startCompiledProduct(
  databaseUrl: string | undefined,
  distDir?: string,
): Promise<Started> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "aacos-bench-api-"));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent",
  };
  if (databaseUrl !== undefined) {
    env.DATABASE_URL = databaseUrl;
    if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL;
  }
  createUser(BENCH_ACCOUNT, env);
  // The plan is set before the server starts, so nothing it keeps sees the account on another.
  if (databaseUrl === undefined) {
    await putOnInfinity(dataDir, BENCH_ACCOUNT.email);
  } else {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query("update users set tier = 'infinity', world = 'infinity' where email = $1", [
      BENCH_ACCOUNT.email,
    ]);
    await client.end();
  }
  // Started and stopped once first: what is measured is a restart, on the code cache the first start wrote, as
  // `npm start` runs after a build's first start (docs/decisions/399-code-cache-at-listen.md).
  const first = await startCompiledServer(env, distDir);
  const stopped = new Promise((resolve) => first.child.once("exit", resolve));
  first.child.kill("SIGTERM");
  await stopped;
  const server = await startCompiledServer(env, distDir);
  const json = { "content-type": "application/json" };
  const { token } = await call<{ token: string }>(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email: BENCH_ACCOUNT.email, password: BENCH_ACCOUNT.password }),
  });
  const { key } = await call<{ key: string }>(`${server.url}/api/me/api-keys`, {
    method: "POST",
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: "bench", scopes: ["read", "write"] }),
  });
  const { universe } = await call<{ universe: { id: string } }>(
    `${server.url}/api/aacos/universes`,
    {
      method: "POST",
      headers: { ...json, authorization: `Bearer ${key}` },
      body: JSON.stringify({ name: "Bench" }),
    },
  );
  return {
    child: server.child,
    message: { url: server.url, apiKey: key, universeId: universe.id },
    cleanUp: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function startServing(role: "bare" | "product", databaseUrl?: string): Promise<Started> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, BENCH_ROLE: role, BENCH_DATABASE_URL: databaseUrl },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const message = await new Promise<Started["message"]>((resolve, reject) => {
    child.once("message", (sent) => resolve(sent as Started["message"]));
    child.once("exit", (code) => reject(new Error(`${role} serving process ended (${code})`)));
  });
  return { child, message };
}

async function stopServing({ child, cleanUp }: Started) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  // The compiled server stops on SIGTERM (and writes its CPU profile then); the forked ones on a message.
  if (child.connected) child.send("stop");
  else child.kill("SIGTERM");
  await exited;
  await cleanUp?.();
}

async function measure(
  label: string,
  kind: "pglite" | "postgres",
  databaseUrl: string | undefined,
  beforeDatabaseUrl: string | undefined = databaseUrl,
) {
  const bare = await startServing("bare");
  const product = COMPILED
    ? await startCompiledProduct(databaseUrl)
    : await startServing("product", databaseUrl);
  // BENCH_BEFORE_DIST: the other build, on a data directory (or database) of its own, loaded in the same rounds.
  const before =
    COMPILED && BEFORE_DIST !== undefined
      ? await startCompiledProduct(beforeDatabaseUrl, BEFORE_DIST)
      : null;
  const served: Served = {
    bare: bare.message.url,
    product: product.message.url,
    apiKey: product.message.apiKey ?? "",
    universeId: product.message.universeId ?? "",
  };
  const servedBefore: Served | null =
    before === null
      ? null
      : {
          ...served,
          product: before.message.url,
          apiKey: before.message.apiKey ?? "",
          universeId: before.message.universeId ?? "",
        };
  console.log(
    `${label}, ${COMPILED ? "the compiled server" : "the app built from source (tsx)"}: ${ROUNDS} alternating` +
      ` rounds of ${SECONDS} s at ${CONNECTIONS} connections (load average ${loadavg()[0]?.toFixed(1)})` +
      (before === null ? "" : `, beside the build in ${BEFORE_DIST}`),
  );
  for (const testCase of CASES.filter((candidate) => candidate.name.includes(ONLY))) {
    const request = testCase.request(served);
    const requestBefore = servedBefore === null ? null : testCase.request(servedBefore);
    // Warm-up (JIT, caches, pools) on each.
    await load(served.product, request);
    if (servedBefore !== null && requestBefore !== null)
      await load(servedBefore.product, requestBefore);
    await load(served.bare, request);
    const ratios: number[] = [];
    const beforeRatios: number[] = [];
    const productRounds: Round[] = [];
    const beforeRounds: Round[] = [];
    const bareRounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Each round loads every server once, in an order that turns from round to round.
      const runs: Array<() => Promise<void>> = [
        async () => void bareRounds.push(await load(served.bare, request, bare.child.pid)),
        async () => void productRounds.push(await load(served.product, request, product.child.pid)),
      ];
      if (servedBefore !== null && requestBefore !== null)
        runs.push(
          async () =>
            void beforeRounds.push(
              await load(servedBefore.product, requestBefore, before?.child.pid),
            ),
        );
      for (let step = 0; step < runs.length; step++) await runs[(round + step) % runs.length]?.();
      const bareRequests = bareRounds.at(-1)?.requests ?? Number.NaN;
      ratios.push((productRounds.at(-1)?.requests ?? Number.NaN) / bareRequests);
      if (beforeRounds.length > 0)
        beforeRatios.push((beforeRounds.at(-1)?.requests ?? Number.NaN) / bareRequests);
    }
    const target = testCase.target[kind];
    const errors = productRounds.reduce((sum, round) => sum + round.errors, 0);
    const p99 = median(productRounds.map((round) => round.p99));
    console.log(
      `  ${testCase.name.padEnd(48)} ${median(productRounds.map((r) => r.requests))
        .toFixed(0)
        .padStart(6)} req/s` +
        ` vs bare ${median(bareRounds.map((r) => r.requests))
          .toFixed(0)
          .padStart(6)} req/s:` +
        ` ${median(ratios).toFixed(3)}× bare Fastify${target === null ? "" : ` (target ≥ ${target}×)`},` +
        ` p99 ${p99.toFixed(0)} ms${target === null ? "" : ` (target ≤ ${P99_TARGET_MS} ms)`}` +
        (errors > 0 ? `, ${errors} non-2xx/errors` : "") +
        ` (load average ${loadavg()[0]?.toFixed(1)})`,
    );
    // CPU time per request answered: what the throughput ratio would be on an idle machine where each server had a
    // core of its own, less swayed by the load than req/s.
    const bareCpu = median(bareRounds.map((r) => r.cpuPerRequest));
    const productCpu = median(productRounds.map((r) => r.cpuPerRequest));
    console.log(
      `    CPU per request: ${productCpu.toFixed(1)} µs, bare ${bareCpu.toFixed(1)} µs` +
        ` (bare / product: ${(bareCpu / productCpu).toFixed(3)}×)`,
    );
    if (beforeRounds.length > 0) {
      const afterOverBefore = productRounds.map(
        (round, index) => round.requests / (beforeRounds[index]?.requests ?? Number.NaN),
      );
      console.log(
        `    the build in ${BEFORE_DIST}: ${median(beforeRounds.map((r) => r.requests)).toFixed(0)} req/s,` +
          ` ${median(beforeRatios).toFixed(3)}× bare Fastify, p99` +
          ` ${median(beforeRounds.map((r) => r.p99)).toFixed(0)} ms; this build / that one, median of the rounds:` +
          ` ${median(afterOverBefore).toFixed(3)}× (rounds: ${afterOverBefore.map((r) => r.toFixed(2)).join(", ")});` +
          ` CPU per request ${median(beforeRounds.map((r) => r.cpuPerRequest)).toFixed(1)} µs, this build / that one` +
          ` ${median(productRounds.map((r, index) => r.cpuPerRequest / (beforeRounds[index]?.cpuPerRequest ?? Number.NaN))).toFixed(3)}×`,
      );
    }
  }
  await stopServing(product);
  if (before !== null) await stopServing(before);
  await stopServing(bare);
}

async function onPostgres(baseUrl: string) {
  const { default: pg } = await import("pg");
  const name = `aacos_bench_api_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const names = BEFORE_DIST === undefined ? [name] : [name, `${name}_before`];
  for (const each of names) await admin.query(`create database ${each}`);
  await admin.end();
  const [url, beforeUrl] = names.map((each) => {
    const url = new URL(baseUrl);
    url.pathname = `/${each}`;
    return url.toString();
  });
  try {
    await measure("API throughput, PostgreSQL + Redis", "postgres", url, beforeUrl ?? url);
  } finally {
    const cleaner = new pg.Client({ connectionString: baseUrl });
    await cleaner.connect();
    for (const each of names) await cleaner.query(`drop database if exists ${each} with (force)`);
    await cleaner.end();
  }
}

if (process.env.BENCH_ROLE === "bare") {
  await serveBare();
} else if (process.env.BENCH_ROLE === "product") {
  await serveProduct();
} else {
  if (COMPILED) buildCompiledServer();
  await measure("API throughput, PGlite (in-process counters)", "pglite", undefined);
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl && process.env.REDIS_URL) await onPostgres(databaseUrl);
  else console.log("API throughput, PostgreSQL + Redis: skipped (set DATABASE_URL and REDIS_URL)");
}
