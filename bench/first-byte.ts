// Time to the first streamed answer byte that the server adds: the chat's first SSE delta against a loopback
// OpenAI-compatible server, minus that server's own time to its first content chunk, median and p90 in ms.
import { rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app.js";
import { loadConfig } from "../apps/server/src/config.js";
import { openPglite } from "../apps/server/src/db/client.js";
import { users } from "../apps/server/src/db/schema.js";
import { createEntity } from "../apps/server/src/test/ai.js";
import { startFakeLlm } from "../apps/server/src/test/fake-llm-server.js";

const ROUNDS = 40;
const WARM_UP = 5;

/** Milliseconds from sending the request to the first body chunk that contains `marker`. */
async function timeToFirst(url: string, init: RequestInit, marker: string): Promise<number> {
  const started = performance.now();
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
    if (at === null && seen.includes(marker)) at = performance.now() - started;
  }
  if (at === null) throw new Error(`no ${marker} from ${url}: ${seen.slice(0, 200)}`);
  return at;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

const fake = await startFakeLlm();
const dataDir = path.join(tmpdir(), `aacos-bench-first-byte-${Date.now()}`);
const config = loadConfig({
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  WEB_DIST: "/nonexistent",
  AI_BASE_URL: fake.url,
  AI_MODEL: "bench-model",
});
const database = await openPglite({});
const app = await buildApp({ config, database, redis: null });
await app.listen({ port: 0, host: "127.0.0.1" });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const user = await app.services.accounts.createUser({
  email: "bench@example.com",
  username: "bench",
  password: "Zq7!wVx9Lk",
});
await database.db
  .update(users)
  .set({ tier: "infinity", world: "infinity" })
  .where(eq(users.id, user.id));
const { token } = await app.services.accounts.issueSession(user, false, {
  ip: null,
  userAgent: "bench",
});
const auth = { authorization: `Bearer ${token}` };
const entity = await createEntity(app, user.id, { name: "Bench" });

const providerBody = JSON.stringify({
  model: "bench-model",
  messages: [{ role: "user", content: "hi" }],
  stream: true,
  stream_options: { include_usage: true },
});
const added: number[] = [];
const direct: number[] = [];
/** A signed-in call that does next to nothing: what auth, metering and the other hooks cost on their own. */
const baseline: number[] = [];
for (let round = 0; round < WARM_UP + ROUNDS; round++) {
  const provider = await timeToFirst(
    `${fake.url}/chat/completions`,
    { method: "POST", headers: { "content-type": "application/json" }, body: providerBody },
    '"content":"The',
  );
  const created = await fetch(`${base}/api/chat/conversations`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ entityId: entity.id }),
  });
  const { conversation } = (await created.json()) as { conversation: { id: string } };
  const server = await timeToFirst(
    `${base}/api/chat/conversations/${conversation.id}/messages`,
    {
      method: "POST",
      headers: { ...auth, "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ content: "What is the answer?" }),
    },
    '"delta"',
  );
  const plain = performance.now();
  await (await fetch(`${base}/api/ai/allowance`, { headers: auth })).text();
  const plainMs = performance.now() - plain;
  if (round >= WARM_UP) {
    baseline.push(plainMs);
    direct.push(provider);
    added.push(server - provider);
  }
}
await app.close();
await fake.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });

console.log(
  `first streamed byte, chat over SSE on PGlite (${ROUNDS} rounds): provider alone median ${percentile(direct, 0.5).toFixed(2)} ms; ` +
    `added by the server median ${percentile(added, 0.5).toFixed(2)} ms (target ≤ 5 ms), ` +
    `p90 ${percentile(added, 0.9).toFixed(2)} ms (target ≤ 15 ms) ` +
    `(a plain signed-in GET /api/ai/allowance: median ${percentile(baseline, 0.5).toFixed(2)} ms)`,
);
