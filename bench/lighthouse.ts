// Lighthouse (mobile preset: simulated slow 4G and a 4× slower CPU) on the landing page, the tier chooser and the
// sign-in page of the built app, started as `npm start` does on a fresh embedded database; each figure beside its
// target. Debian's Chromium with the browser tests' flags. `LIGHTHOUSE_RUNS=3` takes the median run of each page.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { freePort } from "../apps/server/src/test/free-port.js";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../e2e/support/chromium-flags.js";

// LIGHTHOUSE_PAGES=/tiers,/ measures only those pages.
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",") ?? ["/", "/tiers", "/auth/login"];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
// LIGHTHOUSE_COMPARE_URL=http://127.0.0.1:PORT (another build's running server, e.g. main's with WEB_DIST) is audited
// in the same rounds, alternating which goes first: on this noisy machine a before/after holds only within one run.
const COMPARE_URL = process.env.LIGHTHOUSE_COMPARE_URL?.replace(/\/$/, "");

/** Score targets (0–100) and metric limits (ms, or unitless for CLS). */
const TARGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 95,
  lcp: 2500,
  tbt: 200,
  cls: 0.1,
} as const;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function startServer(): Promise<{ url: string; process: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), "aacos-bench-lighthouse-"));
  const child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error("the server did not start within 3 minutes");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { url, process: child, dataDir };
}

interface Figures {
  performance: number;
  accessibility: number;
  "best-practices": number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  /** Lighthouse's CPU benchmark of this machine during the run (an idle desktop scores about 1000–2500). */
  benchmarkIndex: number;
  failing: string[];
  /** The long tasks that count towards TBT (after FCP), as Lighthouse simulates them: "file duration", longest first. */
  longTasks: string[];
}

async function audit(url: string, port: number, run: number): Promise<Figures> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error" });
  if (result === undefined) throw new Error(`no Lighthouse result for ${url}`);
  // LIGHTHOUSE_REPORTS=dir keeps each run's full report, and the trace's largest-contentful-paint candidates (each
  // paint that replaced the previous largest element), to see what a figure is made of.
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports !== undefined) {
    const name = `${new URL(url).pathname.replace(/\W+/g, "_") || "_"}-${run + 1}`;
    await mkdir(reports, { recursive: true });
    await writeFile(path.join(reports, `${name}.json`), JSON.stringify(result.lhr));
    // LIGHTHOUSE_TRACES=1 keeps the trace as well (tens of MB each): what each long task is made of.
    if (process.env.LIGHTHOUSE_TRACES === "1")
      await writeFile(
        path.join(reports, `${name}-trace.json`),
        JSON.stringify(result.artifacts.Trace),
      );
    // Each candidate's time from the start of its own navigation (the trace also holds about:blank's).
    const events = result.artifacts.Trace.traceEvents;
    const navigationId = (event: (typeof events)[number]) =>
      (event.args?.data as { navigationId?: string } | undefined)?.navigationId;
    const candidates = events
      .filter((event) => event.name === "largestContentfulPaint::Candidate")
      .map((event) => {
        const start = events.find(
          (other) =>
            other.name === "navigationStart" && navigationId(other) === navigationId(event),
        );
        return { ms: start === undefined ? null : (event.ts - start.ts) / 1000, ...event.args };
      });
    await writeFile(path.join(reports, `${name}-lcp.json`), JSON.stringify(candidates, null, 1));
  }
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  // Audits that cost points outside performance (performance opportunities are in the metrics).
  const failing = ["accessibility", "best-practices", "seo"].flatMap((category) =>
    (categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}: ${ref.id}`),
  );
  const fcp = value("first-contentful-paint");
  const longTasks = (
    (
      audits["long-tasks"]?.details as {
        items?: { url: string; duration: number; startTime: number }[];
      }
    )?.items ?? []
  )
    .filter((task) => task.startTime + task.duration > fcp && task.duration > 50)
    .sort((a, b) => b.duration - a.duration)
    .map((task) => `${task.url.split("/").pop() || "document"} ${Math.round(task.duration)}`);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    fcp,
    benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
    failing,
    longTasks,
  };
}

/** The median run by performance score. */
function median(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)] as Figures;
}

/** The 1-minute load average: other jobs on the machine slow the observed main thread, which Lighthouse multiplies. */
const load = () => loadavg()[0]?.toFixed(1) ?? "?";

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [...CHROMIUM_FLAGS],
});
try {
  console.log(
    `Lighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ""}mobile preset, ${server.url}`,
  );
  for (const page of PAGES) {
    const runs: Figures[] = [];
    const compared: Figures[] = [];
    for (let run = 0; run < RUNS; run++) {
      if (COMPARE_URL !== undefined && run % 2 === 1)
        compared.push(await audit(COMPARE_URL + page, chrome.port, run));
      runs.push(await audit(server.url + page, chrome.port, run));
      if (COMPARE_URL !== undefined && run % 2 === 0)
        compared.push(await audit(COMPARE_URL + page, chrome.port, run));
    }
    const figures = median(runs);
    const ok = (good: boolean) => (good ? "ok" : "MISSED");
    console.log(`\n${page}`);
    for (const key of ["performance", "accessibility", "best-practices", "seo"] as const)
      console.log(
        `  ${key.padEnd(16)} ${String(figures[key]).padStart(7)}   target ≥ ${TARGETS[key]}  ${ok(figures[key] >= TARGETS[key])}`,
      );
    console.log(
      `  ${"LCP".padEnd(16)} ${(figures.lcp / 1000).toFixed(2).padStart(5)} s   target ≤ 2.5 s  ${ok(figures.lcp <= TARGETS.lcp)}`,
    );
    console.log(
      `  ${"TBT".padEnd(16)} ${figures.tbt.toFixed(0).padStart(4)} ms   target ≤ 200 ms  ${ok(figures.tbt <= TARGETS.tbt)}`,
    );
    console.log(
      `  ${"CLS".padEnd(16)} ${figures.cls.toFixed(3).padStart(7)}   target ≤ 0.1  ${ok(figures.cls <= TARGETS.cls)}`,
    );
    console.log(`  ${"FCP".padEnd(16)} ${(figures.fcp / 1000).toFixed(2).padStart(5)} s`);
    console.log(
      `  machine: load average ${load()} on ${cpus().length} cores, CPU benchmark index ${figures.benchmarkIndex}`,
    );
    for (const failing of figures.failing) console.log(`  failing audit: ${failing}`);
    console.log(
      `  long tasks after FCP (ms, simulated): ${figures.longTasks.join(", ") || "none"}`,
    );
    if (COMPARE_URL !== undefined) {
      const other = median(compared);
      console.log(
        `  compared build, same rounds (${COMPARE_URL}): performance ${other.performance}, TBT ${other.tbt.toFixed(0)} ms (each run: ${compared.map((run) => run.tbt.toFixed(0)).join(", ")}; this build: ${runs.map((run) => run.tbt.toFixed(0)).join(", ")}), LCP ${(other.lcp / 1000).toFixed(2)} s, CLS ${other.cls.toFixed(3)}, CPU benchmark index ${other.benchmarkIndex}`,
      );
    }
  }
} finally {
  chrome.kill();
  server.process.kill("SIGTERM");
  await new Promise((resolve) => server.process.once("exit", resolve));
  await rm(server.dataDir, { recursive: true, force: true });
}
