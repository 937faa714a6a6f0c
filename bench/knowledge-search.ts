// Seeds 100,000 knowledge passages (English and Hebrew) for one entity and times the workspace's full-text search
// on in-memory PGlite and, when DATABASE_URL is set, on a PostgreSQL database of its own.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Database, openPglite } from "../apps/server/src/db/client.js";
import { createFileService } from "../apps/server/src/features/files/service.js";
import { createLocalStorage } from "../apps/server/src/features/files/storage.js";
import { createWorkspaceService } from "../apps/server/src/features/workspace/service.js";
import { medianMs, withBenchPostgres } from "./support.js";

const PASSAGES = Number(process.env.BENCH_PASSAGES ?? 100_000);
const RUNS = 7;
const QUESTIONS = [
  "How do I calibrate the warp drive?",
  "What does the reactor cooling procedure require?",
  "איך מכיילים את מנוע העיוות?",
  "מה נדרש בתהליך הקירור של הכור?",
];

/** Passages built from a shared vocabulary, so every question has many candidates to rank. */
async function seed(database: Database): Promise<string> {
  const db = database.db;
  // Both drivers answer `{rows}`; the type shared by PGlite and node-postgres does not say so.
  const result = (await db.execute(sql`
    with u as (insert into users (email, username) values ('bench@example.com', 'bench') returning id),
    f as (insert into files (user_id, name, size, mime_type, storage_key)
          select id, 'manual.md', 1, 'text/markdown', 'bench' from u returning id, user_id),
    un as (insert into universes (user_id, name) select id, 'Bench' from u returning id, user_id),
    e as (insert into entities (universe_id, user_id, name, role, system_prompt)
          select id, user_id, 'Engineer', 'engineer', 'Answer.' from un returning id, user_id),
    k as (insert into knowledge_files (entity_id, file_id, user_id)
          select e.id, f.id, e.user_id from e, f returning id, entity_id)
    select entity_id as id, id as kf from k`)) as unknown as { rows: { id: string; kf: string }[] };
  const first = result.rows[0];
  if (first === undefined) throw new Error("seed failed");
  const { id: entityId, kf: knowledgeFileId } = first;
  await db.execute(sql`
    insert into passages (knowledge_file_id, entity_id, position, content)
    select ${knowledgeFileId}, ${entityId}, i,
      (array['warp', 'drive', 'reactor', 'cooling', 'shield', 'sensor', 'hull', 'engine'])[1 + i % 8] || ' ' ||
      (array['calibrate', 'procedure', 'requires', 'pressure', 'valve', 'orbit', 'thrust', 'fuel'])[1 + (i / 8) % 8] || ' ' ||
      (array['מנוע', 'העיוות', 'הכור', 'הקירור', 'מגן', 'חיישן', 'גוף', 'דלק'])[1 + (i / 64) % 8] || ' ' ||
      (array['מכיילים', 'תהליך', 'נדרש', 'לחץ', 'שסתום', 'מסלול', 'דחף', 'אנרגיה'])[1 + (i / 512) % 8] ||
      ' passage number ' || i || ' with some filler text to make it the length of a real paragraph.'
    from generate_series(1, ${PASSAGES}) as i`);
  await db.execute(sql`vacuum analyze passages`);
  return entityId;
}

async function measure(label: string, database: Database) {
  const started = Date.now();
  const entityId = await seed(database);
  const storageRoot = path.join(tmpdir(), `aacos-bench-files-${randomBytes(4).toString("hex")}`);
  const files = createFileService({ db: database.db, storage: createLocalStorage(storageRoot) });
  const workspace = createWorkspaceService({ db: database.db, files, clock: () => new Date() });
  console.log(
    `${label}: ${PASSAGES.toLocaleString("en")} passages seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const question of QUESTIONS) {
    let hits = 0;
    const ms = await medianMs(async () => {
      hits = (await workspace.searchKnowledge(entityId, question, 5)).length;
    }, RUNS);
    console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${hits} hits  "${question}"`);
  }
  await rm(storageRoot, { recursive: true, force: true });
}

const pglite = await openPglite({});
await measure("knowledge search, PGlite", pglite);
await pglite.close();

const baseUrl = process.env.DATABASE_URL;
if (baseUrl) {
  await withBenchPostgres(baseUrl, (postgres) => measure("knowledge search, PostgreSQL", postgres));
} else {
  console.log("(set DATABASE_URL to measure PostgreSQL too)");
}
