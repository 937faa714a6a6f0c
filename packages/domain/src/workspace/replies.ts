// Replies of the workspace: universes, entities, their knowledge files and passages found in them, and the reality
// forge's templates and what forging one made.
import { z } from "zod";
import { Timestamp } from "../replies/common.js";
import { described, stamped } from "../replies/fields.js";
import { ENTITY_STATUSES } from "./index.js";

export const Universe = z.object({
  ...described,
  /** null while active. */
  archivedAt: Timestamp.nullable(),
  entityCount: z.number(),
  ...stamped,
  /** The universe's owner (everything in it counts against their plan). */
  ownerId: z.string(),
  /** true when it is someone else's, shared with a team of the caller's. */
  shared: z.boolean(),
  /** A team of the caller's it is shared with (the one it reaches them through); null when none. */
  teamId: z.string().nullable(),
  /** Whether the caller may edit it and its entities (owner, team owner, members with write access). */
  canWrite: z.boolean(),
});
export type Universe = z.input<typeof Universe>;

export const Entity = z.object({
  id: z.string(),
  universeId: z.string(),
  /** The owner. */
  userId: z.string(),
  name: z.string(),
  role: z.string(),
  systemPrompt: z.string(),
  /** null = the configured default model. */
  model: z.string().nullable(),
  temperature: z.number(),
  status: z.enum(ENTITY_STATUSES),
  ...stamped,
});
export type Entity = z.input<typeof Entity>;

export const KnowledgeFile = z.object({
  id: z.string(),
  entityId: z.string(),
  fileId: z.string(),
  /** The uploaded file's name. */
  name: z.string(),
  mimeType: z.string(),
  /** indexed or failed. */
  status: z.string(),
  passageCount: z.number(),
  /** UTF-8 bytes of extracted text (what counts against maxTrainingDataSize). */
  extractedBytes: z.number(),
  createdAt: Timestamp,
});
export type KnowledgeFile = z.input<typeof KnowledgeFile>;

export const KnowledgeHit = z.object({
  content: z.string(),
  fileName: z.string(),
  knowledgeFileId: z.string(),
  score: z.number(),
});
export type KnowledgeHit = z.input<typeof KnowledgeHit>;

export const UniverseTemplate = z.object({
  id: z.string(),
  /** The author; templates of others are seen only when public. */
  userId: z.string(),
  name: z.string(),
  description: z.string(),
  isPublic: z.boolean(),
  mine: z.boolean(),
  entityCount: z.number(),
  createdAt: Timestamp,
});
export type UniverseTemplate = z.input<typeof UniverseTemplate>;

/** A template forged: the new universe and the entities made in it. */
export const ForgedUniverse = z.object({ universe: Universe, entities: z.array(Entity) });
export type ForgedUniverse = z.input<typeof ForgedUniverse>;
