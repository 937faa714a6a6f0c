// A real redis-server on a loopback port, started and killed by tests that need a Redis outage. It runs on the
// machine's real clock: when the suite runs under libfaketime (.ci/run's shifted-clock pass), the preloaded library
// is not handed on, because redis-server's allocator deadlocks under it (even `redis-server --version` hangs, and a
// synchronous spawn of it would freeze the test process with its timers). The clock shift is for our code, not
// for the peer.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import net from "node:net";

/** The environment for a peer process: this one's, without libfaketime. */
function realClockEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name === "LD_PRELOAD" || name.startsWith("FAKETIME") || name === "DONT_FAKE_MONOTONIC") {
      delete env[name];
    }
  }
  return env;
}

/** Whether this machine has redis-server at all (tests that need one skip without it). */
export const hasRedisServer =
  spawnSync("redis-server", ["--version"], { env: realClockEnv(), timeout: 10_000 }).status === 0;

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

export interface RedisServer {
  /** Kills it at once (an outage, not a shutdown) and waits until it has exited. */
  stop(): Promise<void>;
}

/** Starts redis-server on `port` without persistence and resolves once it accepts connections. */
export async function startRedisServer(port: number): Promise<RedisServer> {
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore", env: realClockEnv() },
  );
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await accepts(port)) return { stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`redis-server did not start on port ${port}`);
}
