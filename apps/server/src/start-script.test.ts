// `npm start` (scripts/start.mjs): builds the compiled server when it is missing or stale, and the compiled server
// starts on an empty DATA_DIR, answers /api/health, serves the web app's index and the files it reads at run time
// (the API reference page, the migrations), and stops on SIGTERM. A loaded machine may take minutes: no timing here.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_ROOT } from "./server-root.js";
import { freePort } from "./test/free-port.js";
import { openTestDatabase } from "./test/helper.js";

const START_SCRIPT = path.join(SERVER_ROOT, "../../scripts/start.mjs");
/** The V8 code cache the compiled server keeps beside its bundle (scripts/server-main.mjs). */
const CODE_CACHE = path.join(SERVER_ROOT, "dist/server.cjs.cache");
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "aacos-start-script-"));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function healthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  // Building the server (and, after a migration change, its database template) comes first.
  for (let attempt = 0; attempt < 1_500; attempt++) {
    if (child.exitCode !== null)
      throw new Error(`npm start ended with ${child.exitCode}:\n${output()}`);
    const response = await fetch(`${url}/api/health`).catch(() => undefined);
    if (response?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not become healthy:\n${output()}`);
}

/** The code cache's modification time once it is there (the server writes it just after it listens). */
async function cacheWritten(): Promise<number> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const found = await stat(CODE_CACHE).catch(() => undefined);
    if (found !== undefined) return found.mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server wrote no code cache");
}

/** `npm start` on a free port with `env` beside PATH, PORT and HOST; its output is kept for the failure messages. */
async function startCompiled(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, [START_SCRIPT], {
    cwd: scratch,
    env: { PATH: process.env.PATH ?? "", PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

describe("npm start", () => {
  it("runs the compiled server: health, the web app's index, the API reference, a clean stop", {
    timeout: 360_000,
  }, async () => {
    const webDist = path.join(scratch, "web");
    let cachedAt = Number.NaN;
    await mkdir(webDist);
    await writeFile(
      path.join(webDist, "index.html"),
      "<!doctype html><title>start-script test</title>",
    );
    const dataDir = path.join(scratch, "data");
    await rm(CODE_CACHE, { force: true });
    const { child, url, output, exited } = await startCompiled({
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: "warn",
    });
    try {
      await healthy(url, child, output);
      // Written once it listens, before any request: a cache written later (at exit) would hold what the requests
      // compiled, and every restart would serve slower (docs/decisions/399-code-cache-at-listen.md).
      cachedAt = await cacheWritten();
      const index = await fetch(`${url}/some/client/route`);
      expect(index.status).toBe(200);
      expect(await index.text()).toContain("start-script test");
      const docs = await fetch(`${url}/api/docs`);
      expect(docs.status).toBe(200);
      const openApi = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
        info: { version: string };
      };
      expect(openApi.info.version).toMatch(/^\d+\.\d+\.\d+$/);
      // A module loaded on first use (a chunk of its own, decision 204): the breached-password list answers.
      const breached = await fetch(`${url}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          email: "p@example.com",
          username: "pw_user",
          password: "Password1!",
        }),
      });
      expect(breached.status).toBe(400);
      expect(
        ((await breached.json()) as { error: { fields: { password: string } } }).error.fields
          .password,
      ).toContain("breached");
      // The empty DATA_DIR got its database (from the template when it was built): the setup link is offered.
      expect(output()).toContain("/setup?token=");
      expect(await readdir(dataDir)).toContain("pglite");
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
    expect((await stat(CODE_CACHE)).mtimeMs).toBe(cachedAt);
  });

  // The compiled server loads the PostgreSQL driver and the Redis client only when they are configured
  // (docs/decisions/350-restart-loads-less.md): this start proves they load there.
  const sharedServices = process.env.DATABASE_URL && process.env.REDIS_URL;
  it.skipIf(!sharedServices)(
    "runs the compiled server on PostgreSQL and Redis",
    {
      timeout: 360_000,
    },
    async () => {
      const database = await openTestDatabase();
      await database.database.close();
      const { child, url, output, exited } = await startCompiled({
        DATA_DIR: path.join(scratch, "data-postgres"),
        DATABASE_URL: database.url ?? "",
        REDIS_URL: process.env.REDIS_URL ?? "",
        WEB_DIST: scratch,
        LOG_LEVEL: "warn",
      });
      try {
        await healthy(url, child, output);
        const health = (await (await fetch(`${url}/api/health`)).json()) as {
          database: string;
          redis: string;
        };
        expect(health).toMatchObject({ database: "postgres", redis: "ok" });
      } finally {
        child.kill("SIGTERM");
      }
      expect(await exited).toBe(0);
      await database.drop();
    },
  );
});
