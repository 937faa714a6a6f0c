// Public shapes of the workspace feature (universes, entities, knowledge, syncs, templates) as the API and other features see them.
import type { TierName, WorldName } from "@aacos/domain/catalog";
import type {
  Entity as EntityReply,
  KnowledgeFile as KnowledgeFileReply,
  KnowledgeHit as KnowledgeHitReply,
  Universe as UniverseReply,
  UniverseTemplate as UniverseTemplateReply,
} from "@aacos/domain/replies";
import type { EntityStatus } from "@aacos/domain/workspace";

export type { EntityStatus };

/**
 * A reply's shape (from the domain) with its instants as the Dates the service reads from the database; Fastify writes
 * them as ISO strings.
 */
type Dated<Reply, Key extends keyof Reply> = Omit<Reply, Key> & {
  [Field in Key]: null extends Reply[Field] ? Date | null : Date;
};

/** Who is acting: the user and the plan in force (from `request.principal`). */
export interface WorkspaceCaller {
  id: string;
  tier: TierName;
  world: WorldName;
}

export type Universe = Dated<UniverseReply, "archivedAt" | "createdAt" | "updatedAt">;

export type Entity = Dated<EntityReply, "createdAt" | "updatedAt">;

export type KnowledgeFile = Dated<KnowledgeFileReply, "createdAt">;
export type KnowledgeHit = KnowledgeHitReply;

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

export type UniverseTemplate = Dated<UniverseTemplateReply, "createdAt">;

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
