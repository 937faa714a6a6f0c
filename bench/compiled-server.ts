// The compiled server as `npm start` runs it, for the benches that measure it in a child process of its own: built
// first, an account created through its CLI, then started on a free port and waited for until /api/health answers.
// BENCH_CPU_PROF=dir keeps the server's CPU profile there.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { openPglite } from "../apps/server/src/db/client.js";
import { users } from "../apps/server/src/db/schema.js";
import { freePort } from "../apps/server/src/test/free-port.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "apps/server/dist");

/** Builds the compiled server (what is stale); the bench ends when the build fails. */
export function buildCompiledServer(): void {
  const build = spawnSync(process.execPath, [path.join(root, "scripts/build-server.mjs")], {
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The account the benches create and sign in as. */
export const BENCH_ACCOUNT = {
  email: "bench@example.com",
  username: "bench",
  password: "Zq7!wVx9Lk",
} as const;

/** `npm run user -- create` against the data the server will open (run before the server starts). */
export function createUser(
  user: { email: string; username: string; password: string },
  env: Record<string, string>,
): void {
  const args = ["create", ...Object.entries(user).flatMap(([key, value]) => [`--${key}`, value])];
  const result = spawnSync(process.execPath, [path.join(dist, "cli.js"), ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`cli.js ended with ${result.status}`);
}

/** Puts the account on the unlimited plan and world in the embedded database at `dataDir`, before the server starts. */
export async function putOnInfinity(dataDir: string, email: string): Promise<void> {
  const database = await openPglite({ dataDir });
  await database.db
    .update(users)
    .set({ tier: "infinity", world: "infinity" })
    .where(eq(users.email, email));
  await database.close();
}

/** `distDir`: another build of the server (e.g. main's, copied aside) for an interleaved before/after run. */
export async function startCompiledServer(
  env: Record<string, string>,
  distDir: string = dist,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const profileDir = process.env.BENCH_CPU_PROF;
  const profile = profileDir
    ? [
        "--cpu-prof",
        `--cpu-prof-dir=${profileDir}`,
        `--cpu-prof-interval=${process.env.BENCH_CPU_PROF_INTERVAL_US ?? 1000}`,
      ]
    : [];
  const child = spawn(
    process.execPath,
    ["--enable-source-maps", ...profile, path.join(distDir, "main.js")],
    {
      env: { PATH: process.env.PATH ?? "", PORT: String(port), HOST: "127.0.0.1", ...env },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server ended with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The CPU ms (user + system) a process has used so far; NaN where /proc is not there (Linux only). */
export function cpuMs(pid: number | undefined): number {
  try {
    // Fields after the command's closing parenthesis (the name may hold spaces); utime and stime are the 12th and
    // 13th, in clock ticks (Linux's USER_HZ, 100 a second).
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
