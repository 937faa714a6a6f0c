// Start-up and shutdown of the real server process: bad configuration ends in one clear line; one process per
// DATA_DIR; SIGTERM drains in-flight streams, closes idle keep-alive connections at once and loses nothing.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCK_FILE } from "./db/data-dir-lock.js";
import { startFakeLlm } from "./test/fake-llm-server.js";
import { freePort } from "./test/free-port.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.join(HERE, "main.ts");
const CLI = path.join(HERE, "cli.ts");
const ADMIN = { email: "root@example.com", password: "Zq7!wVx9Lk" };
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "aacos-main-"));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

type ServerProcess = ChildProcess & { output: () => string; errors: () => string };

function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let errors = "";
  child.stdout?.on("data", (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    output += String(chunk);
    errors += String(chunk);
  });
  return Object.assign(child, { output: () => output, errors: () => errors });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/** Waits for /api/health to answer 200 (or the process to end), up to two minutes on a loaded machine. */
async function healthy(port: number, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`server ended with ${child.exitCode}`);
    const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (response?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("server did not become healthy");
}

interface Answer {
  status: number;
  text: string;
}

/** One HTTP/1.1 request over `agent` (keep-alive: the connection stays open afterwards). */
function request(
  agent: http.Agent,
  port: number,
  method: string,
  url: string,
  options: {
    body?: unknown;
    token?: string;
    accept?: string;
    onData?: (text: string) => void;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers["content-type"] = "application/json";
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    if (options.accept !== undefined) headers.accept = options.accept;
    const outgoing = http.request(
      { host: "127.0.0.1", port, method, path: url, agent, headers },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
          options.onData?.(text);
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    if (options.body !== undefined) outgoing.write(JSON.stringify(options.body));
    outgoing.end();
  });
}

function json<T>(answer: Answer, status: number): T {
  expect(answer.status, answer.text).toBe(status);
  return JSON.parse(answer.text) as T;
}

async function expectOneLineFailure(env: Record<string, string>, expected: RegExp) {
  const child = startServer(env);
  const code = await exitOf(child);
  expect(code).toBe(1);
  // Structured logs go to stdout; the reason is the one line on stderr.
  const lines = child.errors().trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^aacos: cannot start: /);
  expect(lines[0]).toMatch(expected);
}

describe("start-up with bad configuration", () => {
  it("names an unwritable DATA_DIR", async () => {
    const file = path.join(scratch, "a-file");
    await writeFile(file, "not a directory");
    await expectOneLineFailure({ DATA_DIR: path.join(file, "data") }, /DATA_DIR .* not a writable/);
  });

  it("names an unreachable DATABASE_URL", async () => {
    const port = await freePort();
    await expectOneLineFailure(
      { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/test` },
      /cannot connect to DATABASE_URL/,
    );
  });

  it("names a malformed setting", async () => {
    await expectOneLineFailure({ PORT: "seventy" }, /invalid PORT/);
    await expectOneLineFailure({ REDIS_URL: "localhost:6379" }, /invalid REDIS_URL/);
  });

  it("names what is wrong with a configured admin's password", async () => {
    await expectOneLineFailure(
      {
        DATA_DIR: path.join(scratch, "weak-admin"),
        AACOS_ADMIN_EMAIL: "admin@example.com",
        AACOS_ADMIN_PASSWORD: "short",
      },
      /AACOS_ADMIN_EMAIL\/AACOS_ADMIN_PASSWORD rejected: Password needs at least 8 characters/,
    );
  });

  it("names a port that is taken", async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const address = blocker.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    try {
      await expectOneLineFailure(
        { PORT: String(address.port), HOST: "127.0.0.1", DATA_DIR: path.join(scratch, "taken") },
        new RegExp(`port ${address.port} is already in use`),
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

describe("a running server", () => {
  it("serves health on PGlite, then shuts down cleanly on SIGTERM", {
    timeout: 120_000,
  }, async () => {
    const port = await freePort();
    const child = startServer({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(scratch, "running"),
    });
    const exited = exitOf(child);
    await healthy(port, child);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toMatchObject({ status: "ok", db: "ok", database: "pglite" });
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(child.output()).toContain("shutdown complete");
  });
});

describe("one process per DATA_DIR", () => {
  it("refuses a second server and the CLI while one runs, and takes over the lock of a killed one", {
    timeout: 240_000,
  }, async () => {
    const dataDir = path.join(scratch, "locked");
    const env = { HOST: "127.0.0.1", DATA_DIR: dataDir };
    const firstPort = await freePort();
    const first = startServer({ ...env, PORT: String(firstPort) });
    const firstExit = exitOf(first);
    try {
      await healthy(firstPort, first);
      expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);

      const second = startServer({ ...env, PORT: String(await freePort()) });
      expect(await exitOf(second)).toBe(1);
      expect(second.errors().trim()).toBe(
        `aacos: cannot start: DATA_DIR is in use by process ${first.pid}`,
      );

      const cli = spawnSync(process.execPath, ["--import", "tsx", CLI, "roles", "--email", "x"], {
        env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
        encoding: "utf8",
      });
      expect(cli.status).toBe(1);
      expect(cli.stderr.trim()).toBe(`aacos user: DATA_DIR is in use by process ${first.pid}`);
    } finally {
      first.kill("SIGKILL");
      await firstExit;
    }
    // The killed server could not release its lock; it is stale, so a restart goes ahead.
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
    const thirdPort = await freePort();
    const third = startServer({ ...env, PORT: String(thirdPort) });
    const thirdExit = exitOf(third);
    await healthy(thirdPort, third);
    third.kill("SIGTERM");
    expect(await thirdExit).toBe(0);
    // Released at stop.
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});

describe("graceful stop", () => {
  it("finishes a streaming answer, closes an idle keep-alive connection, exits, and keeps every acknowledged write", {
    timeout: 240_000,
  }, async () => {
    const llm = await startFakeLlm({ tokenDelayMs: 400 });
    const dataDir = path.join(scratch, "graceful");
    const port = await freePort();
    const env = {
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      AI_BASE_URL: llm.url,
      AI_MODEL: "fake-model",
      AACOS_ADMIN_EMAIL: ADMIN.email,
      AACOS_ADMIN_PASSWORD: ADMIN.password,
    };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    try {
      const server = startServer(env);
      const exited = exitOf(server);
      await healthy(port, server);
      const { token } = json<{ token: string }>(
        await request(agent, port, "POST", "/api/auth/login", { body: ADMIN }),
        200,
      );
      const { universe } = json<{ universe: { id: string } }>(
        await request(agent, port, "POST", "/api/aacos/universes", {
          body: { name: "Kept" },
          token,
        }),
        201,
      );
      const { entity } = json<{ entity: { id: string } }>(
        await request(agent, port, "POST", `/api/aacos/universes/${universe.id}/entities`, {
          body: { name: "Oracle", role: "advisor", systemPrompt: "You answer briefly." },
          token,
        }),
        201,
      );
      const { conversation } = json<{ conversation: { id: string } }>(
        await request(agent, port, "POST", "/api/chat/conversations", {
          body: { entityId: entity.id },
          token,
        }),
        201,
      );
      // A second keep-alive connection, idle from here on.
      const idleAgent = new http.Agent({ keepAlive: true });
      expect((await request(idleAgent, port, "GET", "/api/health")).status).toBe(200);

      // SIGTERM as the first streamed delta arrives: the answer is still being written.
      let signalled = false;
      let signalledAt = 0;
      const streamed = request(
        agent,
        port,
        "POST",
        `/api/chat/conversations/${conversation.id}/messages`,
        {
          body: { content: "What is the answer?" },
          token,
          accept: "text/event-stream",
          onData: (text) => {
            if (!signalled && text.includes('"delta"')) {
              signalled = true;
              signalledAt = performance.now();
              server.kill("SIGTERM");
            }
          },
        },
      );
      const answer = await streamed;
      expect(signalled).toBe(true);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain("event: done");
      // Exits on its own although a client still holds an idle keep-alive connection, before an orchestrator's
      // usual 30 s kill (it took ~80 s when idle sockets were left open).
      expect(await exited).toBe(0);
      expect((performance.now() - signalledAt) / 1000).toBeLessThan(25);
      expect(server.output()).toContain("shutdown complete");
      idleAgent.destroy();

      const restarted = startServer(env);
      const restartedExit = exitOf(restarted);
      await healthy(port, restarted);
      const fresh = new http.Agent({ keepAlive: false });
      const again = json<{ token: string }>(
        await request(fresh, port, "POST", "/api/auth/login", { body: ADMIN }),
        200,
      );
      const history = json<{ items: Array<{ role: string; content: string }> }>(
        await request(fresh, port, "GET", `/api/chat/conversations/${conversation.id}/messages`, {
          token: again.token,
        }),
        200,
      );
      expect(history.items.map((message) => message.role).sort()).toEqual(["assistant", "user"]);
      const reply = history.items.find((message) => message.role === "assistant");
      expect(reply?.content).toBe("The answer is forty-two.");
      restarted.kill("SIGTERM");
      expect(await restartedExit).toBe(0);
    } finally {
      agent.destroy();
      await llm.close();
    }
  });
});
