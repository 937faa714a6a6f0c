// Calls of the entity-orchestration screen (GET /api/orchestration/entities and models, the per-entity actions and
// the bulk request) and their shapes.
import type {
  BulkOrchestrationBody,
  BulkResult,
  ConfiguredModel,
  OrchestratedEntity,
  OrchestrationListQuery,
  OrchestrationPage,
} from "@aacos/domain/orchestration";

import type { BulkResults, ConfiguredModels, ReplyOf } from "@aacos/domain/replies";

export type { BulkResult, ConfiguredModel, OrchestratedEntity, OrchestrationPage };

import { apiGet, apiPost, apiPut } from "../../lib/api-client";

export type EntityAction = "pause" | "resume" | "stop";

export type ListFilters = Partial<
  Pick<OrchestrationListQuery, "search" | "status" | "ownerId" | "model">
> & { page: number };

export const PAGE_SIZE = 20;

function listPath(filters: ListFilters): string {
  const query = new URLSearchParams({ page: String(filters.page), pageSize: String(PAGE_SIZE) });
  for (const key of ["search", "status", "ownerId", "model"] as const) {
    const value = filters[key];
    if (value !== undefined && value !== "") query.set(key, value);
  }
  return `/orchestration/entities?${query.toString()}`;
}

export const orchestrationKeys = {
  all: ["orchestration"] as const,
  list: (filters: ListFilters) => ["orchestration", "entities", filters] as const,
  models: ["orchestration", "models"] as const,
};

export const orchestrationApi = {
  list: (filters: ListFilters, signal?: AbortSignal) =>
    apiGet<OrchestrationPage>(listPath(filters), signal),
  models: (signal?: AbortSignal) => apiGet<ConfiguredModels>("/orchestration/models", signal),
  act: (entityId: string, action: EntityAction) =>
    apiPost<ReplyOf<"entity", typeof OrchestratedEntity>>(
      `/orchestration/entities/${entityId}/${action}`,
    ),
  reassign: (entityId: string, model: string | null) =>
    apiPut<ReplyOf<"entity", typeof OrchestratedEntity>>(
      `/orchestration/entities/${entityId}/model`,
      { model },
    ),
  bulk: (body: BulkOrchestrationBody) => apiPost<BulkResults>("/orchestration/bulk", body),
};
