// Start-up and shutdown of the real server process: bad configuration ends in one clear line; SIGTERM shuts down cleanly.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "./test/free-port.js";

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), "main.ts");
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
  it("serves health on PGlite, then shuts down cleanly on SIGTERM", async () => {
    const port = await freePort();
    const child = startServer({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(scratch, "running"),
    });
    const exited = exitOf(child);
    let health: Response | undefined;
    for (let attempt = 0; attempt < 100 && health === undefined; attempt++) {
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (health === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(health?.status).toBe(200);
    expect(await health?.json()).toMatchObject({ status: "ok", db: "ok", database: "pglite" });
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(child.output()).toContain("shutdown complete");
  });
});
