// buildTestApp(): the real app on a fresh database — a migrated PGlite from the run's template, or, with
// DATABASE_URL set, a new PostgreSQL database of its own (dropped afterwards) so runs never collide — and a data
// directory of its own (removed afterwards) unless the test names one. request(): one inject() as a given caller.
import { randomBytes } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { buildApp } from "../app.js";
import { type Config, loadConfig } from "../config.js";
import { type Database, openPglite, openPostgres } from "../db/client.js";
import type { Every } from "../features/progression/index.js";
import { connectRedis } from "../platform/redis.js";
import { createUser, type SignedInUser, someAddress } from "./factories.js";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<{
  database: Database;
  /** The PostgreSQL URL of this test's own database; null on PGlite. */
  url: string | null;
  drop(): Promise<void>;
}> {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl === undefined || baseUrl === "") {
    const dump = await readFile(inject("pgliteTemplate"));
    const database = await openPglite({ loadDataDir: new Blob([dump]) });
    return { database, url: null, drop: async () => {} };
  }
  const name = `aacos_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const cleaner = new pg.Client({ connectionString: baseUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}

export async function buildTestApp(
  env: Record<string, string> = {},
  /** Adds test-only routes before the app is sealed. */
  extend?: (app: FastifyInstance, database: Database) => void,
  /** A clock the test moves; every service reads it. */
  options: { clock?: () => Date; every?: Every } = {},
): Promise<TestApp> {
  const config = loadConfig({
    LOG_LEVEL: "silent",
    REDIS_URL: process.env.REDIS_URL,
    WEB_DIST: "/nonexistent-web-dist",
    // Unused by the in-memory PGlite, but it names this app's rate-limit keys in a shared Redis.
    DATA_DIR: `/tmp/aacos-test-${randomBytes(6).toString("hex")}`,
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  const redis = await connectRedis(config.redisUrl);
  const app = await buildApp({
    config,
    database,
    redis,
    clock: options.clock,
    ...(options.every === undefined ? {} : { every: options.every }),
  });
  extend?.(app, database);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      redis?.disconnect();
      // A test may have closed the database on purpose already.
      await database.close().catch(() => {});
      await drop();
      if (env.DATA_DIR === undefined) await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** buildTestApp() for tests that each want an app of their own: every app it builds is closed after its test. */
export function useAppPerTest(): typeof buildTestApp {
  const built: TestApp[] = [];
  afterEach(async () => {
    for (const test of built.splice(0)) await test.close();
  });
  return async (...args) => {
    const test = await buildTestApp(...args);
    built.push(test);
    return test;
  };
}

/**
 * The app built before the file's tests, with an admin and a member both on infinity (no limit in the way), and
 * closed after them: read `app`, `database`, `admin` and `member` inside the tests (they exist once beforeAll has run).
 */
export function useAdminAndMember(): {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly admin: SignedInUser;
  readonly member: SignedInUser;
} {
  let built: { test: TestApp; admin: SignedInUser; member: SignedInUser } | undefined;
  beforeAll(async () => {
    const test = await buildTestApp();
    const admin = await createUser(test.app, { roles: ["admin"], tier: "infinity" });
    const member = await createUser(test.app, { tier: "infinity" });
    built = { test, admin, member };
  });
  afterAll(() => built?.test.close());
  const read = () => {
    if (built === undefined) throw new Error("the app is built in beforeAll");
    return built;
  };
  return {
    get app() {
      return read().test.app;
    },
    get database() {
      return read().test.database;
    },
    get admin() {
      return read().admin;
    },
    get member() {
      return read().member;
    },
  };
}

/** Whoever a request comes from: a signed-in user or an API key (their `auth` header), or nobody (null). */
export type Caller = { auth: { authorization: string } } | null;

/**
 * One request through inject(), as `who` would send it: `request(test.app, user, "POST", "/api/x", { name: "y" })`
 * is the six-line `test.app.inject({ method, url, headers: user.auth, payload })`.
 */
export function request(
  app: FastifyInstance,
  who: Caller,
  method: NonNullable<InjectOptions["method"]>,
  url: string,
  payload?: InjectOptions["payload"],
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    ...(who === null ? {} : { headers: who.auth }),
    ...(payload === undefined ? {} : { payload }),
  });
}

/**
 * A request from `remoteAddress`, anonymous unless `headers` say otherwise; a fresh address unless given, so the
 * per-address limits (sign-in, registration, two-factor, API keys) that other requests used start empty.
 */
export function sendFrom(
  app: FastifyInstance,
  method: NonNullable<InjectOptions["method"]>,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
  remoteAddress = someAddress(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers,
    remoteAddress,
    ...(payload === undefined ? {} : { payload }),
  });
}

/** sendFrom's POST, the way the sign-in and two-factor tests send their steps. */
export function postFrom(
  app: FastifyInstance,
  url: string,
  payload: object,
  headers: Record<string, string> = {},
  remoteAddress = someAddress(),
): Promise<LightMyRequestResponse> {
  return sendFrom(app, "POST", url, payload, headers, remoteAddress);
}

/** A FormData encoded as a browser sends it (multipart/form-data, by the platform's own encoder). */
export async function encodedForm(
  data: FormData,
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new Request("http://localhost/api/upload", { method: "POST", body: data });
  return {
    payload: Buffer.from(await form.arrayBuffer()),
    contentType: form.headers.get("content-type") ?? "",
  };
}

/** A multipart/form-data body of one file as a browser sends it. */
export function uploadForm(
  name: string,
  type: string,
  bytes: Uint8Array,
  field = "file",
): Promise<{ payload: Buffer; contentType: string }> {
  const data = new FormData();
  data.append(field, new Blob([bytes], { type }), name);
  return encodedForm(data);
}

/** POST /api/upload of one file, as `who` (a signed-in user or an API key) sends it from a browser form. */
export async function uploadFile(
  app: FastifyInstance,
  who: NonNullable<Caller>,
  name: string,
  type: string,
  bytes: Uint8Array,
): Promise<LightMyRequestResponse> {
  const body = await uploadForm(name, type, bytes);
  return app.inject({
    method: "POST",
    url: "/api/upload",
    headers: { ...who.auth, "content-type": body.contentType },
    payload: body.payload,
  });
}

/** GET /api/auth/me with a bare access token: whether that token still signs the user in. */
export function meWithToken(app: FastifyInstance, token: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: "GET",
    url: "/api/auth/me",
    headers: { authorization: `Bearer ${token}` },
  });
}

/** A GET that accepts `acceptEncoding` (undefined: no Accept-Encoding header at all, as from curl). */
export function getAccepting(
  app: FastifyInstance,
  url: string,
  acceptEncoding?: string,
): Promise<LightMyRequestResponse> {
  const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
  return app.inject({ method: "GET", url, headers });
}

/** Starts the app on a free loopback port, for tests that talk to it over a real socket; answers its base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
