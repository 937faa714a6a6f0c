// The workspace as the chat and the command centre read it: universes and entities (GET /api/aacos/…), their query
// keys, and the AI-token allowance (GET /api/ai/allowance).
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "./api-client";
import { SHARED_READ_STALE_MS } from "./plan-queries";

export interface Universe {
  id: string;
  name: string;
  description: string;
  /** null while active. */
  archivedAt: string | null;
  entityCount: number;
  createdAt: string;
  updatedAt: string;
  /** Someone else's universe, shared with a team of the user's (features/teams). */
  shared?: boolean;
  teamId?: string | null;
  /** Whether the user may edit it and its entities. */
  canWrite?: boolean;
}

export interface Entity {
  id: string;
  universeId: string;
  name: string;
  role: string;
  systemPrompt: string;
  /** null: the server's default model. */
  model: string | null;
  temperature: number;
  status: "idle" | "running" | "paused" | "error";
  createdAt: string;
  updatedAt: string;
}

export interface AiAllowance {
  used: number;
  /** -1: unlimited. */
  limit: number;
  resetsAt: string;
}

export const workspaceKeys = {
  all: ["workspace"] as const,
  universes: ["workspace", "universes"] as const,
  entities: ["workspace", "entities"] as const,
  knowledge: (entityId: string) => ["workspace", "knowledge", entityId] as const,
  allowance: ["ai", "allowance"] as const,
};

export function useUniverses() {
  return useQuery({
    queryKey: workspaceKeys.universes,
    queryFn: ({ signal }) =>
      apiGet<{ items: Universe[] }>("/aacos/universes", signal).then((reply) => reply.items),
    staleTime: SHARED_READ_STALE_MS,
  });
}

export function useEntities() {
  return useQuery({
    queryKey: workspaceKeys.entities,
    queryFn: ({ signal }) =>
      apiGet<{ items: Entity[] }>("/aacos/entities", signal).then((reply) => reply.items),
    staleTime: SHARED_READ_STALE_MS,
  });
}

export function useAiAllowance() {
  return useQuery({
    queryKey: workspaceKeys.allowance,
    queryFn: ({ signal }) => apiGet<AiAllowance>("/ai/allowance", signal),
  });
}

/** Entities under their universe, in the universes' order; archived universes last. */
export function groupByUniverse(
  universes: readonly Universe[],
  entities: readonly Entity[],
): { universe: Universe; entities: Entity[] }[] {
  const ordered = [...universes].sort(
    (a, b) => Number(a.archivedAt !== null) - Number(b.archivedAt !== null),
  );
  return ordered.map((universe) => ({
    universe,
    entities: entities.filter((entity) => entity.universeId === universe.id),
  }));
}
