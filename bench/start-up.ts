// Start-up of the compiled server (`npm start`'s apps/server/dist/main.js), from process start to the first
// `/api/health` 200: a cold start on a new, empty DATA_DIR and a restart on the same one, several rounds, medians
// beside the targets (≤ 3 s cold, ≤ 1 s restart). The baseline, measured in the same rounds by the same poll loop, is
// a bare `node -e` HTTP server, so a busy machine shows as a slow baseline too.
//
// Beside each time, the CPU the server process used until that 200 (user + system, from /proc on Linux): on a machine
// shared with other work the time swings with the load, the CPU much less.
//
// BENCH_START_ROUNDS (5). Builds the compiled server first (scripts/build-server.mjs; the database template only when
// the migrations changed). The build deletes the server's code cache (docs/decisions/381-compiled-server-code-cache.md):
// the first cold start runs without one and writes it once it listens, as the first start of a new build does.
// BENCH_CPU_PROF=dir keeps each server start's CPU profile there (`node --cpu-prof`).
// BENCH_START_COMPARE=path/to/other/dist/main.js (another build, e.g. a worktree of main) runs it in the same rounds,
// alternating which goes first, and prints its figures and this build's ratio to them (CPU is the steadier one).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../apps/server/src/test/free-port.js";
import { cpuMs } from "./compiled-server.js";
import { median } from "./median.js";

const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 5);
const TARGET = { cold: 3_000, restart: 1_000 };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MAIN = path.join(root, "apps/server/dist/main.js");
const BARE_SERVER =
  "require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')";

/** Answers whether GET url replied 200, never throwing (nothing listening yet is a no). */
function answers200(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on("error", () => resolve(false));
  });
}

/** Spawns `args`, polls `/api/health` every 5 ms, and returns the ms from spawn to its first 200 and the CPU used. */
async function timeToHealthy(
  args: string[],
  env: Record<string, string>,
): Promise<{ ms: number; cpu: number; child: ChildProcess }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? "", PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}/api/health`;
  while (!(await answers200(url))) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} ended with ${child.exitCode}`);
    if (performance.now() - started > 120_000) throw new Error("no health answer in 2 minutes");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { ms: performance.now() - started, cpu: cpuMs(child.pid), child };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

function serverArgs(main: string): string[] {
  const profileDir = process.env.BENCH_CPU_PROF;
  return [
    "--enable-source-maps",
    ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
    main,
  ];
}

const build = spawnSync(process.execPath, [path.join(root, "scripts/build-server.mjs")], {
  stdio: "inherit",
});
if (build.status !== 0) process.exit(build.status ?? 1);

const COMPARE = process.env.BENCH_START_COMPARE;
const builds = [{ name: "this build", main: MAIN }];
if (COMPARE !== undefined)
  builds.push({ name: `compared (${COMPARE})`, main: path.resolve(COMPARE) });
type Figures = { cold: number[]; restart: number[]; cpuCold: number[]; cpuRestart: number[] };
const figures = builds.map((): Figures => ({ cold: [], restart: [], cpuCold: [], cpuRestart: [] }));
const bareTimes: number[] = [];
const loads: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  loads.push(loadavg()[0] ?? Number.NaN);
  const bare = await timeToHealthy(["-e", BARE_SERVER], {});
  bareTimes.push(bare.ms);
  await stop(bare.child);
  // Alternate which build goes first, so neither always runs right after the other.
  const order = builds.map((_, index) => index);
  if (round % 2 === 1) order.reverse();
  for (const index of order) {
    const build = builds[index];
    const out = figures[index];
    if (build === undefined || out === undefined) continue;
    const dataDir = await mkdtemp(path.join(tmpdir(), "aacos-bench-start-"));
    try {
      const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn" };
      for (const kind of ["cold", "restart"] as const) {
        const server = await timeToHealthy(serverArgs(build.main), env);
        out[kind].push(server.ms);
        out[kind === "cold" ? "cpuCold" : "cpuRestart"].push(server.cpu);
        await stop(server.child);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

const bare = median(bareTimes);
console.log(
  `Start-up of the compiled server to /api/health 200, median of ${ROUNDS} rounds (load average ${median(loads).toFixed(1)}; ` +
    `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)})`,
);
console.log(`  bare node -e HTTP server        ${bare.toFixed(0).padStart(6)} ms (baseline)`);
builds.forEach((build, index) => {
  const out = figures[index];
  if (out === undefined) return;
  if (builds.length > 1) console.log(`  ${build.name}:`);
  for (const kind of ["cold", "restart"] as const) {
    const ms = median(out[kind]);
    const cpuMsMedian = median(out[kind === "cold" ? "cpuCold" : "cpuRestart"]);
    const label = kind === "cold" ? "cold start, empty DATA_DIR" : "restart, same DATA_DIR";
    console.log(
      `  ${label.padEnd(31)} ${ms.toFixed(0).padStart(6)} ms (target ≤ ${TARGET[kind]} ms)` +
        ` = ${(ms / bare).toFixed(1)}× the baseline; rounds ${out[kind].map((v) => v.toFixed(0)).join(", ")};` +
        ` CPU ${cpuMsMedian.toFixed(0)} ms`,
    );
  }
});
const [mine, other] = figures;
if (mine !== undefined && other !== undefined) {
  for (const kind of ["cold", "restart"] as const) {
    const cpuKey = kind === "cold" ? "cpuCold" : "cpuRestart";
    console.log(
      `  ${kind}: this build / compared = ${(median(mine[kind]) / median(other[kind])).toFixed(2)}× time, ` +
        `${(median(mine[cpuKey]) / median(other[cpuKey])).toFixed(2)}× CPU`,
    );
  }
}
