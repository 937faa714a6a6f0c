// Signal fan-out over the realtime WebSocket against a bare `ws` broadcast measured in the same run. The clients live
// in a child process of their own (this file again, FANOUT_ROLE=clients), so this process holds only the servers' side
// of each socket: first BENCH_IDLE_SOCKETS (10,000) idle sockets, and the memory they cost (V8 heap + external, after
// a full GC) twice: just after they connected, and after a minute idle — by then the per-address rate-limit windows
// each upgrade opened (60 s) have closed, and what is left is what an idle socket holds; the target is read on that
// one. Then BENCH_FANOUT_CLIENTS (5,000) of them stay and receive 30 broadcasts, each delivery's latency from emit to
// receipt taken on one clock (performance.timeOrigin + now in both processes). The product emits through the signal
// service (saved, then published on the realtime bus: through Redis pub/sub with REDIS_URL, as across instances);
// the bare server sends one serialised message to every socket. Neither side negotiates per-message deflate (ws's
// server default, and the product turns it off).
import { type ChildProcess, fork } from "node:child_process";
import { rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";
import WebSocket, { WebSocketServer } from "ws";

const IDLE_SOCKETS = Number(process.env.BENCH_IDLE_SOCKETS ?? 10_000);
const CLIENTS = Math.min(IDLE_SOCKETS, Number(process.env.BENCH_FANOUT_CLIENTS ?? 5_000));
const SIGNALS = 30;
/** After the idle sockets beyond CLIENTS are dropped, before the first broadcast (the same wait for both servers). */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 3_000);
/** Between broadcasts, so each one's fan-out is measured on its own rather than queued behind the last. */
const GAP_MS = 150;
const TARGET_RATIO = 1.5;
const REDIS_EXTRA_MS = 20;
/** The longest rate-limit window an upgrade opens per address (the visitor limit's minute), and a little more. */
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 62_000);

/** One clock for both processes: milliseconds since the epoch, sub-millisecond. */
const now = () => performance.timeOrigin + performance.now();

interface Target {
  url: string;
  headers: Record<string, string>;
}

type ToClients =
  | { type: "connect"; targets: Target[]; subscribe: boolean }
  | { type: "keep"; count: number }
  | { type: "report" }
  | { type: "close" };

type FromClients =
  | { type: "connected" }
  | { type: "kept" }
  | { type: "latencies"; values: number[] };

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

// ---- The clients' process -------------------------------------------------------------------------------------

async function runClients(): Promise<void> {
  let sockets: WebSocket[] = [];
  let latencies: number[] = [];
  const send = (message: FromClients) => process.send?.(message);

  function open(target: Target, subscribe: boolean): Promise<WebSocket> {
    const socket = new WebSocket(target.url, { headers: target.headers });
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as {
        type: string;
        signal?: { data?: { sentAt?: number } };
      };
      const sentAt = message.signal?.data?.sentAt;
      if (message.type === "signal" && sentAt !== undefined) latencies.push(now() - sentAt);
    });
    return new Promise((resolve, reject) => {
      socket.once("error", reject);
      socket.once("close", (code) => reject(new Error(`the server closed a socket (${code})`)));
      socket.once("open", () => {
        if (!subscribe) return resolve(socket);
        socket.send(JSON.stringify({ type: "subscribe", topics: ["signals"] }));
        socket.on("message", (data) => {
          if ((JSON.parse(String(data)) as { type: string }).type === "subscribed") resolve(socket);
        });
      });
    });
  }

  process.on("message", async (message: ToClients) => {
    if (message.type === "connect") {
      for (let start = 0; start < message.targets.length; start += 200) {
        const batch = message.targets.slice(start, start + 200);
        sockets.push(
          ...(await Promise.all(batch.map((target) => open(target, message.subscribe)))),
        );
      }
      send({ type: "connected" });
    } else if (message.type === "keep") {
      for (const socket of sockets.slice(message.count)) socket.terminate();
      sockets = sockets.slice(0, message.count);
      latencies = [];
      send({ type: "kept" });
    } else if (message.type === "report") {
      send({ type: "latencies", values: latencies });
      latencies = [];
    } else {
      for (const socket of sockets) socket.terminate();
      process.exit(0);
    }
  });
}

// ---- The servers' process ------------------------------------------------------------------------------------

function startClients(): ChildProcess {
  return fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, FANOUT_ROLE: "clients" },
    execArgv: ["--import", "tsx"],
  });
}

function ask<T extends FromClients["type"]>(
  child: ChildProcess,
  message: ToClients,
  answer: T,
): Promise<Extract<FromClients, { type: T }>> {
  return new Promise((resolve) => {
    const listen = (reply: FromClients) => {
      if (reply.type !== answer) return;
      child.off("message", listen);
      resolve(reply as Extract<FromClients, { type: T }>);
    };
    child.on("message", listen);
    child.send(message);
  });
}

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/** V8 heap + external memory (socket buffers live there) after a full collection, in bytes. */
async function settledMemory(): Promise<number> {
  for (let round = 0; round < 3; round += 1) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

interface Measured {
  /** Just after the sockets connected. */
  bytesPerSocketConnected: number;
  /** After IDLE_MS with nothing sent: what the target is read on. */
  bytesPerSocket: number;
  latencies: number[];
}

/** Tickets live 30 s: the product's are made a batch at a time, just before that batch connects. */
const BATCH = 200;

/** Connects the idle sockets, weighs them, keeps CLIENTS of them, broadcasts SIGNALS times, collects latencies. */
async function measure(
  subscribe: boolean,
  targetsFor: (first: number, count: number) => Promise<Target[]>,
  broadcast: (sentAt: number, marker: number) => Promise<void>,
): Promise<Measured> {
  const child = startClients();
  const before = await settledMemory();
  for (let first = 0; first < IDLE_SOCKETS; first += BATCH) {
    const targets = await targetsFor(first, Math.min(BATCH, IDLE_SOCKETS - first));
    await ask(child, { type: "connect", targets, subscribe }, "connected");
  }
  const connected = await settledMemory();
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const idle = await settledMemory();
  await ask(child, { type: "keep", count: CLIENTS }, "kept");
  // The sockets the bench just dropped are closed on the server before the first broadcast (the product releases
  // each one's connection count, in Redis when shared), so no broadcast queues behind the bench's own disconnects.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  for (let marker = 0; marker < SIGNALS; marker += 1) {
    await broadcast(now(), marker);
    await new Promise((resolve) => setTimeout(resolve, GAP_MS));
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const { values } = await ask(child, { type: "report" }, "latencies");
  child.send({ type: "close" } satisfies ToClients);
  await new Promise((resolve) => child.once("exit", resolve));
  return {
    bytesPerSocketConnected: (connected - before) / IDLE_SOCKETS,
    bytesPerSocket: (idle - before) / IDLE_SOCKETS,
    latencies: values.sort((a, b) => a - b),
  };
}

async function bareRun(): Promise<Measured> {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  const targetsFor = async (_first: number, count: number) =>
    Array.from({ length: count }, () => ({ url: `ws://127.0.0.1:${port}`, headers: {} }));
  const measured = await measure(false, targetsFor, async (sentAt, marker) => {
    // Shaped like the product's message, serialised once for everyone as a broadcast would.
    const message = JSON.stringify({
      type: "signal",
      signal: { kind: "progression", source: "bench", severity: "info", data: { marker, sentAt } },
    });
    for (const client of server.clients) client.send(message);
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return measured;
}

async function productRun(): Promise<{ measured: Measured; throughRedis: boolean }> {
  const [{ buildApp }, { loadConfig }, { openPglite }, { connectRedis }, { benchAccount }] =
    await Promise.all([
      import("../apps/server/src/app.js"),
      import("../apps/server/src/config.js"),
      import("../apps/server/src/db/client.js"),
      import("../apps/server/src/platform/redis.js"),
      import("./support.js"),
    ]);
  const dataDir = path.join(tmpdir(), `aacos-bench-fanout-${process.pid}`);
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    REDIS_URL: process.env.REDIS_URL,
    WEB_DIST: "/nonexistent",
    // Each client comes from its own forwarded address, as real browsers would (the upgrade is rate-limited per
    // address before its ticket is read).
    TRUST_PROXY: "127.0.0.1",
  });
  // On disk, as `npm start` keeps it: an in-memory PGlite holds its files (what the tickets write included) in
  // this process's memory, which would be weighed as the sockets'.
  const database = await openPglite({ dataDir });
  const redis = await connectRedis(config.redisUrl);
  const app = await buildApp({ config, database, redis });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  // Infinity, with a personal API key: no cap on realtime connections, and tickets are plan calls with no cap.
  const { user, key } = await benchAccount(app, database, { name: "fanout" });
  const targetsFor = async (first: number, count: number) => {
    const targets: Target[] = [];
    for (let number = first + 1; number <= first + count; number += 1) {
      const reply = await app.inject({
        method: "POST",
        url: "/api/realtime/ticket",
        headers: { authorization: `Bearer ${key}` },
      });
      if (reply.statusCode !== 200)
        throw new Error(`ticket ${number}: ${reply.statusCode} ${reply.body}`);
      const { ticket } = reply.json() as { ticket: string };
      targets.push({
        url: `ws://127.0.0.1:${port}/api/realtime?token=${encodeURIComponent(ticket)}`,
        headers: { "x-forwarded-for": `10.${Math.floor(number / 250) % 250}.${number % 250}.1` },
      });
    }
    return targets;
  };
  const measured = await measure(true, targetsFor, async (sentAt, marker) => {
    await app.services.signals.emit(user.id, {
      kind: "progression",
      source: "bench",
      severity: "info",
      data: { marker, sentAt },
    });
  });
  await app.close();
  redis?.disconnect();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  return { measured, throughRedis: redis !== null };
}

if (process.env.FANOUT_ROLE === "clients") {
  await runClients();
} else {
  const bare = await bareRun();
  const { measured: product, throughRedis } = await productRun();
  const line = (name: string, measured: Measured) =>
    `  ${name.padEnd(28)} ${measured.latencies.length}/${CLIENTS * SIGNALS} deliveries, p50 ${percentile(measured.latencies, 50).toFixed(1)} ms, p99 ${percentile(measured.latencies, 99).toFixed(1)} ms; ${(measured.bytesPerSocket / 1024).toFixed(1)} KB per idle socket (${(measured.bytesPerSocketConnected / 1024).toFixed(1)} KB just after connecting)`;
  const bareP99 = percentile(bare.latencies, 99);
  const productP99 = percentile(product.latencies, 99);
  const latencyTarget = throughRedis
    ? `target ≤ ${TARGET_RATIO}× bare + ${REDIS_EXTRA_MS} ms = ${(TARGET_RATIO * bareP99 + REDIS_EXTRA_MS).toFixed(1)} ms`
    : `target ≤ ${TARGET_RATIO}×`;
  console.log(
    `Signal fan-out, ${throughRedis ? "through Redis" : "in-process bus"}: ${CLIENTS.toLocaleString("en")} clients, ${SIGNALS} broadcasts; ${IDLE_SOCKETS.toLocaleString("en")} idle sockets weighed`,
  );
  console.log(line("bare ws broadcast", bare));
  console.log(line("product (signal service)", product));
  console.log(
    `  fan-out p99: ${(productP99 / bareP99).toFixed(2)}× bare (${productP99.toFixed(1)} vs ${bareP99.toFixed(1)} ms), ${latencyTarget}`,
  );
  console.log(
    `  memory per idle socket: ${(product.bytesPerSocket / bare.bytesPerSocket).toFixed(2)}× bare, target ≤ ${TARGET_RATIO}× (just after connecting: ${(product.bytesPerSocketConnected / bare.bytesPerSocketConnected).toFixed(2)}×)`,
  );
  if (!throughRedis) console.log("  (set REDIS_URL to measure fan-out through Redis too)");
}
