// Time to the first streamed answer byte that the server adds. The compiled server (as `npm start` runs it, on a fresh
// embedded database) runs in a child process; the client and the loopback OpenAI-compatible provider run here, so
// their own work is not counted as the server's, and every timestamp is taken on this process's one clock:
//
//   sent      the client sends the chat message            (t0)
//   received  the provider has the server's request         (t1)
//   content   the provider writes its first content chunk   (t2)
//   delta     the client reads the server's first SSE delta (t3)
//
// Through the server = (t3 − t0) − (t2 − t1): the whole wait minus what the provider itself took. The same measure
// of a direct call to the provider in the same round (no server between) is what loopback and this client cost on
// their own; added by the server = through the server − direct, per round (decision 397), median and p90 beside the
// targets (≤ 5 ms, ≤ 15 ms). Printed with the parts of the wait through the server — before the provider is asked
// (t1 − t0: this client's send, auth, metering, the conversation, the prompt) and the relay of the first chunk
// (t3 − t2) — and the direct call's own figure.
//
// Also printed: the server's CPU per round, steadier than times on a loaded machine. BENCH_ROUNDS (40, after 5
// warm-up rounds); BENCH_CPU_PROF=dir keeps the server's CPU profile there.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { openPglite } from "../apps/server/src/db/client.js";
import { entities, universes, users } from "../apps/server/src/db/schema.js";
import { type FakeLlmServer, startFakeLlm } from "../apps/server/src/test/fake-llm-server.js";
import {
  BENCH_ACCOUNT,
  buildCompiledServer,
  cpuMs,
  createUser,
  startCompiledServer,
} from "./compiled-server.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const WARM_UP = 5;
const TARGET = { median: 5, p90: 15 };

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

/** Sends the request and returns when it was sent and when the first body chunk containing `marker` was read. */
async function firstChunk(
  url: string,
  init: RequestInit,
  marker: string,
): Promise<{ sent: number; at: number }> {
  const sent = performance.now();
  const response = await fetch(url, init);
  if (response.body === null) throw new Error(`no body from ${url}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let seen = "";
  let at: number | null = null;
  for (;;) {
    const read = await reader.read();
    if (read.done) break;
    seen += decoder.decode(read.value, { stream: true });
    if (at === null && seen.includes(marker)) at = performance.now();
  }
  if (at === null) throw new Error(`no ${marker} from ${url}: ${seen.slice(0, 200)}`);
  return { sent, at };
}

/** The provider's own part of the latest request it received: from its arrival to the first content written. */
function providerPart(fake: FakeLlmServer): { received: number; content: number } {
  const request = fake.requests.at(-1);
  if (request?.firstContentAt == null) throw new Error("the provider wrote no content");
  return { received: request.receivedAt, content: request.firstContentAt };
}

buildCompiledServer();

const fake = await startFakeLlm();
const dataDir = await mkdtemp(path.join(tmpdir(), "aacos-bench-first-byte-"));
const env = {
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  WEB_DIST: "/nonexistent",
  AI_BASE_URL: fake.url,
  AI_MODEL: "bench-model",
};
try {
  createUser(BENCH_ACCOUNT, env);
  // An unlimited plan (no allowance runs out over the rounds) and an entity to talk to, written before the server
  // opens the directory.
  const database = await openPglite({ dataDir });
  const [user] = await database.db
    .update(users)
    .set({ tier: "infinity", world: "infinity" })
    .where(eq(users.email, BENCH_ACCOUNT.email))
    .returning({ id: users.id });
  if (user === undefined) throw new Error("the bench user was not created");
  const [universe] = await database.db
    .insert(universes)
    .values({ userId: user.id, name: `Bench ${randomUUID().slice(0, 6)}` })
    .returning({ id: universes.id });
  if (universe === undefined) throw new Error("no universe");
  const [entity] = await database.db
    .insert(entities)
    .values({
      universeId: universe.id,
      userId: user.id,
      name: "Bench",
      role: "advisor",
      systemPrompt: "You answer briefly.",
    })
    .returning({ id: entities.id });
  if (entity === undefined) throw new Error("no entity");
  await database.close();

  // BENCH_DIST: another build of the server (e.g. main's, copied aside under apps/server/) for before/after runs.
  const server = await startCompiledServer(env, process.env.BENCH_DIST);
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: BENCH_ACCOUNT.email, password: BENCH_ACCOUNT.password }),
    });
    const { token } = (await login.json()) as { token?: string };
    if (!login.ok || token === undefined)
      throw new Error(`the bench user could not sign in: ${login.status}`);
    const auth = { authorization: `Bearer ${token}` };
    const providerBody = JSON.stringify({
      model: "bench-model",
      messages: [{ role: "user", content: "hi" }],
      stream: true,
      stream_options: { include_usage: true },
    });

    const figures = {
      added: [] as number[],
      through: [] as number[],
      before: [] as number[],
      relay: [] as number[],
    };
    const direct: number[] = [];
    /** A signed-in call that does next to nothing: what auth, metering and the other hooks cost on their own. */
    const plain: number[] = [];
    const loads: number[] = [];
    let cpuAtStart = Number.NaN;
    for (let round = 0; round < WARM_UP + ROUNDS; round++) {
      if (round === WARM_UP) cpuAtStart = cpuMs(server.child.pid);
      const alone = await firstChunk(
        `${fake.url}/chat/completions`,
        { method: "POST", headers: { "content-type": "application/json" }, body: providerBody },
        '"content":"The',
      );
      const own = providerPart(fake);
      const created = await fetch(`${server.url}/api/chat/conversations`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: JSON.stringify({ entityId: entity.id }),
      });
      if (!created.ok)
        throw new Error(`no conversation: ${created.status} ${await created.text()}`);
      const { conversation } = (await created.json()) as { conversation: { id: string } };
      const relayed = await firstChunk(
        `${server.url}/api/chat/conversations/${conversation.id}/messages`,
        {
          method: "POST",
          headers: { ...auth, "content-type": "application/json", accept: "text/event-stream" },
          body: JSON.stringify({ content: "What is the answer?" }),
        },
        '"delta"',
      );
      const provider = providerPart(fake);
      const started = performance.now();
      await (await fetch(`${server.url}/api/ai/allowance`, { headers: auth })).text();
      const plainMs = performance.now() - started;
      if (round < WARM_UP) continue;
      loads.push(loadavg()[0] ?? Number.NaN);
      plain.push(plainMs);
      const directMs = alone.at - alone.sent - (own.content - own.received);
      const throughMs = relayed.at - relayed.sent - (provider.content - provider.received);
      direct.push(directMs);
      figures.before.push(provider.received - relayed.sent);
      figures.relay.push(relayed.at - provider.content);
      figures.through.push(throughMs);
      figures.added.push(throughMs - directMs);
    }

    const cpuPerRound = (cpuMs(server.child.pid) - cpuAtStart) / ROUNDS;
    const ms = (values: number[], share: number) => percentile(values, share).toFixed(2);
    console.log(
      `First streamed chat byte added by the compiled server (child process), SSE on PGlite, ${ROUNDS} rounds` +
        ` (load average ${percentile(loads, 0.5).toFixed(1)})`,
    );
    console.log(
      `  added by the server (through it − direct, per round) median ${ms(figures.added, 0.5)} ms (target ≤ ${TARGET.median} ms),` +
        ` p90 ${ms(figures.added, 0.9)} ms (target ≤ ${TARGET.p90} ms)`,
    );
    console.log(
      `  through the server (provider's own time removed) median ${ms(figures.through, 0.5)} ms,` +
        ` p90 ${ms(figures.through, 0.9)} ms`,
    );
    console.log(
      `    before the provider is asked  median ${ms(figures.before, 0.5)} ms, p90 ${ms(figures.before, 0.9)} ms`,
    );
    console.log(
      `    relay of the first chunk      median ${ms(figures.relay, 0.5)} ms, p90 ${ms(figures.relay, 0.9)} ms`,
    );
    console.log(
      `  a direct call to the provider in the same rounds (loopback + this client): median ${ms(direct, 0.5)} ms,` +
        ` p90 ${ms(direct, 0.9)} ms`,
    );
    console.log(
      `  a plain signed-in GET /api/ai/allowance: median ${ms(plain, 0.5)} ms, p90 ${ms(plain, 0.9)} ms`,
    );
    // The steadier figure when the machine is loaded: the server's own CPU for a round's three calls (a new
    // conversation, the streamed message with its saves, the plain GET).
    console.log(`  the server's CPU per round: ${cpuPerRound.toFixed(2)} ms`);
  } finally {
    const exited = new Promise((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGTERM");
    await exited;
  }
} finally {
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
}
