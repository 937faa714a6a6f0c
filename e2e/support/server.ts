// Starts the real server (apps/server/src/main.ts through tsx) as a child process for the browser tests: a free port
// on "localhost", the tests' settings plus the caller's, ready once /api/health answers; stop() ends it gracefully.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../apps/server/src/test/free-port.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Generous: a loaded two-core machine takes most of a minute to compile and start the server. */
const START_TIMEOUT_MS = 150_000;

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Everything the server wrote so far. */
  log(): string;
  /** SIGTERM, then waits for the exit (the server drains first). */
  stop(): Promise<void>;
}

/** A port chosen ahead, for peers that must know the server's address before it starts. */
export async function serverAddress(): Promise<{ port: number; url: string }> {
  const port = await freePort();
  // "localhost", not an address: passkeys need a domain as their relying-party id.
  return { port, url: `http://localhost:${port}` };
}

export async function startServer(options: {
  dataDir: string;
  /** Settings beside the tests' own; they win over them. */
  env?: Record<string, string>;
  address?: { port: number; url: string };
  /** Named in the error when it does not start. */
  name?: string;
}): Promise<RunningServer> {
  const { port, url } = options.address ?? (await serverAddress());
  let log = "";
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "apps/server/src/main.ts")],
    {
      env: {
        PATH: process.env.PATH ?? "",
        PORT: String(port),
        HOST: "localhost",
        DATA_DIR: options.dataDir,
        PUBLIC_URL: url,
        // Test set-up calls come through loopback with X-Forwarded-For, so rate limits see distinct clients.
        TRUST_PROXY: "127.0.0.1,::1",
        // The random soft prompt would cover buttons at random; its rule is tested in the unit tests.
        UPGRADE_HINT_SHARE: "0",
        LOG_LEVEL: "warn",
        // A build of one's own (parallel work): WEB_DIST=/tmp/dist-x npx vitest run --project e2e.
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.on("data", (chunk) => {
    log += String(chunk);
  });
  child.stderr?.on("data", (chunk) => {
    log += String(chunk);
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (true) {
    const ok = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${options.name ?? "the server"} did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    process: child,
    log: () => log,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
