// Calls of the monitoring screens (GET /api/metrics/system: the held samples and request figures) and their keys.
import type { SystemView } from "@aacos/domain/replies";
import { apiGet } from "../../lib/api-client";

export const monitoringKeys = {
  system: ["metrics", "system"] as const,
};

export const monitoringApi = {
  system: (signal?: AbortSignal) => apiGet<SystemView>("/metrics/system", signal),
};
