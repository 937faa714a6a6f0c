// Test fixtures shared by the AI features' tests (chat, commands, orchestration, autonomous, jobs): a universe with
// entities and knowledge passages written straight into the workspace tables, and a reader of server-sent events.
import { randomUUID } from "node:crypto";
import { createParser } from "eventsource-parser";
import type { FastifyInstance } from "fastify";
import { entities, files, knowledgeFiles, passages, universes } from "../db/schema.js";

export async function createEntity(
  app: FastifyInstance,
  userId: string,
  options: {
    name?: string;
    systemPrompt?: string;
    model?: string | null;
    universeId?: string;
  } = {},
): Promise<{ id: string; universeId: string; name: string }> {
  const db = app.database.db;
  let universeId = options.universeId;
  if (universeId === undefined) {
    const [universe] = await db
      .insert(universes)
      .values({ userId, name: `Universe ${randomUUID().slice(0, 6)}` })
      .returning({ id: universes.id });
    if (universe === undefined) throw new Error("universe not created");
    universeId = universe.id;
  }
  const name = options.name ?? "Oracle";
  const [entity] = await db
    .insert(entities)
    .values({
      universeId,
      userId,
      name,
      role: "advisor",
      systemPrompt: options.systemPrompt ?? "You answer briefly.",
      model: options.model ?? null,
    })
    .returning({ id: entities.id });
  if (entity === undefined) throw new Error("entity not created");
  return { id: entity.id, universeId, name };
}

/** Entities of the user, one for each name, made one after another in one new universe; answers their ids in order. */
export async function createEntitiesInOneUniverse(
  app: FastifyInstance,
  userId: string,
  names: string[],
): Promise<string[]> {
  const ids: string[] = [];
  let universeId: string | undefined;
  for (const name of names) {
    const entity = await createEntity(app, userId, { name, universeId });
    universeId = entity.universeId;
    ids.push(entity.id);
  }
  return ids;
}

export async function addKnowledge(
  app: FastifyInstance,
  userId: string,
  entityId: string,
  fileName: string,
  texts: string[],
): Promise<void> {
  const db = app.database.db;
  const [file] = await db
    .insert(files)
    .values({ userId, name: fileName, size: 10, mimeType: "text/plain", storageKey: randomUUID() })
    .returning({ id: files.id });
  if (file === undefined) throw new Error("file not created");
  const [knowledge] = await db
    .insert(knowledgeFiles)
    .values({ entityId, fileId: file.id, userId, passageCount: texts.length })
    .returning({ id: knowledgeFiles.id });
  if (knowledge === undefined) throw new Error("knowledge not created");
  await db.insert(passages).values(
    texts.map((content, position) => ({
      knowledgeFileId: knowledge.id,
      entityId,
      position,
      content,
    })),
  );
}

export interface ReceivedEvent {
  event: string;
  data: unknown;
  /** Milliseconds since the request was sent. */
  at: number;
}

/** Reads a server-sent-event response to its end (or until `until` says stop), counting network chunks. */
export async function readEvents(
  response: Response,
  options: { started?: number; until?: (event: ReceivedEvent) => boolean } = {},
): Promise<{ events: ReceivedEvent[]; chunks: number }> {
  const started = options.started ?? performance.now();
  const events: ReceivedEvent[] = [];
  let stop = false;
  const parser = createParser({
    onEvent: (message) => {
      const event = {
        event: message.event ?? "message",
        data: JSON.parse(message.data) as unknown,
        at: performance.now() - started,
      };
      events.push(event);
      if (options.until?.(event)) stop = true;
    },
  });
  if (response.body === null) return { events, chunks: 0 };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let chunks = 0;
  try {
    while (!stop) {
      const read = await reader.read();
      if (read.done) break;
      chunks += 1;
      parser.feed(decoder.decode(read.value, { stream: true }));
    }
  } finally {
    // Leaves no half-read response holding the connection (the app could not close).
    await reader.cancel().catch(() => {});
  }
  return { events, chunks };
}

/** The runs a command's closing `done` event reports (the last event read), by entity. */
export function runsByEntity(
  events: { data: unknown }[],
): Map<string, { entityId: string; status: string; output: string }> {
  const done = events.at(-1)?.data as {
    runs: { entityId: string; status: string; output: string }[];
  };
  return new Map(done.runs.map((run) => [run.entityId, run]));
}
