// Calls of the command centre: universes, entities, knowledge files and syncs (/api/aacos/…), the multi-entity command
// (POST /api/commands as server-sent events), its stop (whole, or one entity's answer), and the history.
import type {
  BackgroundRun,
  CommandHistory,
  CommandRecord,
  CommandRun,
  Entity,
  KnowledgeFile,
  ListOf,
  ReplyOf,
  StoppedReply,
  Universe,
} from "@aacos/domain/replies";
import { apiDelete, apiGet, apiPatch, apiPost } from "../../lib/api-client";
import { type SseEvent, streamSse } from "../../lib/sse-stream";

/** How often a queued sync's run is looked at. */
const SYNC_POLL_MS = 1000;

/** A sync is a queued job: queued and running until the job runner finishes it. */
export type SyncRun = BackgroundRun;

export type { CommandRecord, CommandRun, KnowledgeFile };

export interface EntityFields {
  name: string;
  role: string;
  systemPrompt: string;
  model?: string | null;
  temperature?: number;
}

const universePath = (id: string) => `/aacos/universes/${encodeURIComponent(id)}`;
const entityPath = (id: string) => `/aacos/entities/${encodeURIComponent(id)}`;

/** Commands per page of the history. */
export const HISTORY_PAGE_SIZE = 10;

export const commandKeys = {
  history: (page: number) => ["commands", "history", page] as const,
  allHistory: ["commands", "history"] as const,
};

export const workspaceApi = {
  createUniverse: (body: { name: string; description?: string }) =>
    apiPost<ReplyOf<"universe", typeof Universe>>("/aacos/universes", body).then(
      (reply) => reply.universe,
    ),
  updateUniverse: (id: string, body: { name?: string; archived?: boolean }) =>
    apiPatch<ReplyOf<"universe", typeof Universe>>(universePath(id), body).then(
      (reply) => reply.universe,
    ),
  deleteUniverse: (id: string) => apiDelete(universePath(id)),
  /** Queues the sync, then follows its run until the job runner has finished it. */
  sync: async (universeId: string): Promise<SyncRun> => {
    let { run } = await apiPost<ReplyOf<"run", typeof BackgroundRun>>("/aacos/universe/sync", {
      universeId,
    });
    while (run.status === "queued" || run.status === "running") {
      await new Promise((resolve) => setTimeout(resolve, SYNC_POLL_MS));
      ({ run } = await apiGet<ReplyOf<"run", typeof BackgroundRun>>(`/aacos/runs/${run.id}`));
    }
    return run;
  },
  createEntity: (universeId: string, body: EntityFields) =>
    apiPost<ReplyOf<"entity", typeof Entity>>(`${universePath(universeId)}/entities`, body).then(
      (reply) => reply.entity,
    ),
  updateEntity: (id: string, body: Partial<EntityFields>) =>
    apiPatch<ReplyOf<"entity", typeof Entity>>(entityPath(id), body).then((reply) => reply.entity),
  deleteEntity: (id: string) => apiDelete(entityPath(id)),
  knowledge: (entityId: string, signal?: AbortSignal) =>
    apiGet<ListOf<typeof KnowledgeFile>>(`${entityPath(entityId)}/knowledge`, signal).then(
      (reply) => reply.items,
    ),
  attach: (entityId: string, fileId: string) =>
    apiPost<ReplyOf<"knowledgeFile", typeof KnowledgeFile>>(`${entityPath(entityId)}/knowledge`, {
      fileId,
    }),
  detach: (entityId: string, knowledgeFileId: string) =>
    apiDelete(`${entityPath(entityId)}/knowledge/${encodeURIComponent(knowledgeFileId)}`),
};

export const commandsApi = {
  run: (
    body: { entityIds: string[]; prompt: string },
    onEvent: (event: SseEvent) => void,
    signal: AbortSignal,
  ) => streamSse("/commands", body, onEvent, signal),
  stop: (commandId: string) =>
    apiPost<StoppedReply>(`/commands/${encodeURIComponent(commandId)}/stop`),
  stopEntity: (commandId: string, entityId: string) =>
    apiPost<StoppedReply>(
      `/commands/${encodeURIComponent(commandId)}/entities/${encodeURIComponent(entityId)}/stop`,
    ),
  history: (page: number, signal?: AbortSignal) =>
    apiGet<CommandHistory>(`/commands?page=${page}&pageSize=${HISTORY_PAGE_SIZE}`, signal),
};
