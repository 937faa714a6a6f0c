// The workspace as the chat and the command centre read it: universes and entities (GET /api/aacos/…), their query
// keys, and the AI-token allowance (GET /api/ai/allowance).
import type { AiAllowance, Entity, ListOf, Universe } from "@aacos/domain/replies";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "./api-client";
import { SHARED_READ_STALE_MS } from "./plan-queries";

export type { AiAllowance, Entity, Universe };

export const workspaceKeys = {
  all: ["workspace"] as const,
  universes: ["workspace", "universes"] as const,
  entities: ["workspace", "entities"] as const,
  knowledge: (entityId: string) => ["workspace", "knowledge", entityId] as const,
  allowance: ["ai", "allowance"] as const,
};

/** A workspace list's items, shared by the screens that read it. */
function useWorkspaceList<List extends { items: unknown[] }>(
  queryKey: readonly string[],
  path: string,
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => apiGet<List>(path, signal).then((reply): List["items"] => reply.items),
    staleTime: SHARED_READ_STALE_MS,
  });
}

export function useUniverses() {
  return useWorkspaceList<ListOf<typeof Universe>>(workspaceKeys.universes, "/aacos/universes");
}

export function useEntities() {
  return useWorkspaceList<ListOf<typeof Entity>>(workspaceKeys.entities, "/aacos/entities");
}

export function useAiAllowance() {
  return useQuery({
    queryKey: workspaceKeys.allowance,
    queryFn: ({ signal }) => apiGet<AiAllowance>("/ai/allowance", signal),
  });
}

/** A universe with its entities, as the chat and command pickers list them. */
export type UniverseGroup = { universe: Universe; entities: Entity[] };

/** Entities under their universe, in the universes' order; archived universes last. */
export function groupByUniverse(
  universes: readonly Universe[],
  entities: readonly Entity[],
): UniverseGroup[] {
  const ordered = [...universes].sort(
    (a, b) => Number(a.archivedAt !== null) - Number(b.archivedAt !== null),
  );
  return ordered.map((universe) => ({
    universe,
    entities: entities.filter((entity) => entity.universeId === universe.id),
  }));
}
