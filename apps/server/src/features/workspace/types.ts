// Public shapes of the workspace feature (universes, entities, knowledge, syncs, templates) as the API and other features see them.
import type { TierName, WorldName } from "@aacos/domain/catalog";
import type { EntityStatus } from "@aacos/domain/workspace";

export type { EntityStatus };

/** Who is acting: the user and the plan in force (from `request.principal`). */
export interface WorkspaceCaller {
  id: string;
  tier: TierName;
  world: WorldName;
}

export interface Universe {
  id: string;
  name: string;
  description: string;
  /** null while active. */
  archivedAt: Date | null;
  entityCount: number;
  createdAt: Date;
  updatedAt: Date;
  /** The universe's owner (everything in it counts against their plan). */
  ownerId: string;
  /** true when it is someone else's, shared with a team of the caller's. */
  shared: boolean;
  /** A team of the caller's it is shared with (the one it reaches them through); null when none. */
  teamId: string | null;
  /** Whether the caller may edit it and its entities (owner, team owner, members with write access). */
  canWrite: boolean;
}

export interface Entity {
  id: string;
  universeId: string;
  /** The owner; every query filters by it. */
  userId: string;
  name: string;
  role: string;
  systemPrompt: string;
  /** null = the configured default model. */
  model: string | null;
  temperature: number;
  status: EntityStatus;
  createdAt: Date;
  updatedAt: Date;
}

export interface KnowledgeFile {
  id: string;
  entityId: string;
  fileId: string;
  /** The uploaded file's name. */
  name: string;
  mimeType: string;
  /** indexed or failed. */
  status: string;
  passageCount: number;
  /** UTF-8 bytes of extracted text (what counts against maxTrainingDataSize). */
  extractedBytes: number;
  createdAt: Date;
}

export interface KnowledgeHit {
  content: string;
  fileName: string;
  knowledgeFileId: string;
  score: number;
}

export interface Run {
  id: string;
  kind: string;
  universeId: string | null;
  /** queued and running while the sync job has it (docs/decisions/091-jobs-versus-requests.md). */
  status: "queued" | "running" | "succeeded" | "failed" | "stopped";
  durationMs: number;
  /** What the sync did, one line per entity and file. */
  output: string;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface UniverseTemplate {
  id: string;
  /** The author; templates of others are seen only when public. */
  userId: string;
  name: string;
  description: string;
  isPublic: boolean;
  mine: boolean;
  entityCount: number;
  createdAt: Date;
}

/** A provider's verdict on one entity during a sync (the AI feature plugs its check in). */
export type EntityCheck = (entity: Entity) => Promise<{ ok: boolean; error?: string }>;

/** The progression ledger's entry point (features/progression `recordAction`). */
export interface ActionRecorder {
  recordAction(
    userId: string,
    action: "universeCreated" | "entityCreated" | "knowledgeFileAdded",
    key: string,
  ): Promise<unknown>;
}
