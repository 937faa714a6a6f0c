// Does password hashing hold up other requests? The compiled server (as `npm start` runs it, on a fresh embedded
// database) answers a signed-in, metered GET (`GET /api/users/profile` with a personal API key on the unlimited plan,
// as in api-throughput.ts) at a steady rate, first
// alone and then while sign-ins (argon2id verification, a new session) arrive at 20 a second; the GET's p99 in both,
// medians over alternating rounds, and their ratio beside the target (≤ 3×).
//
// BENCH_SECONDS (5) per round, BENCH_ROUNDS (3), BENCH_GET_RATE (100 GETs a second over 10 connections),
// BENCH_SIGN_IN_RATE (20 a second); BENCH_CPU_PROF=dir keeps the server's CPU profile there.
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  BENCH_ACCOUNT,
  buildCompiledServer,
  createUser,
  putOnInfinity,
  startCompiledServer,
} from "./compiled-server.js";
import { median } from "./median.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GET_RATE = Number(process.env.BENCH_GET_RATE ?? 100);
const SIGN_IN_RATE = Number(process.env.BENCH_SIGN_IN_RATE ?? 20);
const RATIO_TARGET = 3;

let signInCount = 0;
/** One sign-in from its own client address (TRUST_PROXY), so no address budget is the limit. */
async function signIn(url: string): Promise<{ ok: boolean; ms: number; token?: string }> {
  signInCount += 1;
  const address = `10.${(signInCount >> 16) & 255}.${(signInCount >> 8) & 255}.${signInCount & 255}`;
  const started = performance.now();
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ email: BENCH_ACCOUNT.email, password: BENCH_ACCOUNT.password }),
  });
  const body = (await response.json()) as { token?: string };
  return { ok: response.ok, ms: performance.now() - started, token: body.token };
}

/** Sign-ins started every 1/rate s, whether or not the previous ones have finished, until stopped. */
function signInsAt(url: string, rate: number) {
  const results: Promise<{ ok: boolean; ms: number }>[] = [];
  const timer = setInterval(() => {
    results.push(signIn(url).catch(() => ({ ok: false, ms: Number.NaN })));
  }, 1000 / rate);
  return async () => {
    clearInterval(timer);
    return Promise.all(results);
  };
}

async function p99Of(url: string, token: string): Promise<{ p99: number; errors: number }> {
  const result = await autocannon({
    url: `${url}/api/users/profile`,
    headers: { authorization: `Bearer ${token}` },
    connections: 10,
    overallRate: GET_RATE,
    duration: SECONDS,
  });
  return { p99: result.latency.p99, errors: result.non2xx + result.errors + result.timeouts };
}

buildCompiledServer();

const dataDir = await mkdtemp(path.join(tmpdir(), "aacos-bench-sign-in-"));
const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn", TRUST_PROXY: "127.0.0.1" };
try {
  createUser(BENCH_ACCOUNT, env);
  // An unlimited plan, so the GET's own per-minute budget never answers 429.
  await putOnInfinity(dataDir, BENCH_ACCOUNT.email);
  const server = await startCompiledServer(env);
  try {
    const first = await signIn(server.url);
    if (!first.ok || first.token === undefined) throw new Error("the bench user could not sign in");
    // A personal API key on the unlimited plan: a session's calls share the general 100-a-minute budget.
    const created = await fetch(`${server.url}/api/me/api-keys`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${first.token}` },
      body: JSON.stringify({ name: "bench", scopes: ["read"] }),
    });
    const { key: token } = (await created.json()) as { key: string };
    if (!created.ok) throw new Error(`no API key: ${created.status}`);
    // Warm-up of both paths.
    const warm = signInsAt(server.url, SIGN_IN_RATE);
    await p99Of(server.url, token);
    await warm();

    const idle: number[] = [];
    const loaded: number[] = [];
    const signIns: { ok: boolean; ms: number }[] = [];
    let errors = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const withSignIns of round % 2 === 0 ? [false, true] : [true, false]) {
        const stop = withSignIns ? signInsAt(server.url, SIGN_IN_RATE) : null;
        const result = await p99Of(server.url, token);
        errors += result.errors;
        (withSignIns ? loaded : idle).push(result.p99);
        if (stop !== null) signIns.push(...(await stop()));
      }
    }
    const idleP99 = median(idle);
    const loadedP99 = median(loaded);
    const failed = signIns.filter((result) => !result.ok).length;
    console.log(
      `Signed-in GET /api/users/profile at ${GET_RATE}/s, ${ROUNDS} alternating rounds of ${SECONDS} s` +
        ` (load average ${(loadavg()[0] ?? Number.NaN).toFixed(1)})`,
    );
    console.log(
      `  p99 alone                      ${idleP99.toFixed(0).padStart(5)} ms (rounds ${idle.join(", ")})`,
    );
    console.log(
      `  p99 with ${SIGN_IN_RATE} sign-ins a second   ${loadedP99.toFixed(0).padStart(5)} ms (rounds ${loaded.join(", ")})`,
    );
    console.log(
      `  ratio                          ${(loadedP99 / idleP99).toFixed(2).padStart(5)}× (target ≤ ${RATIO_TARGET}×)` +
        (errors > 0 ? `, ${errors} GET non-2xx/errors` : ""),
    );
    console.log(
      `  sign-ins: ${signIns.length - failed} succeeded, ${failed} failed, median ${median(
        signIns.filter((result) => result.ok).map((result) => result.ms),
      ).toFixed(0)} ms each`,
    );
  } finally {
    const exited = new Promise((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGTERM");
    await exited;
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
