// Calls of /admin/settings (GET/PUT/DELETE /api/admin/settings/…) and their shapes.

import type {
  MaintenanceBody,
  TierOverrideBody,
  WorldOverrideBody,
} from "@aacos/domain/catalog-overrides";
import type {
  AdminSettings,
  CheckResult,
  SettingsChange,
  SettingsHistory,
  SettingsReply,
} from "@aacos/domain/replies";
import { apiDelete, apiGet, apiPost, apiPut } from "../../lib/api-client";

export type {
  AdminSettings,
  CheckCode,
  CheckResult,
  FieldChange,
  PlanSettings,
  PlanValues,
  SettingsReply,
} from "@aacos/domain/replies";
export type HistoryItem = SettingsChange;

export type SettingsKind = "tier" | "world";

const path = (kind: SettingsKind, name: string) =>
  `/admin/settings/${kind === "tier" ? "tiers" : "worlds"}/${name}`;

export const settingsKeys = {
  all: ["admin-settings"] as const,
  view: ["admin-settings", "view"] as const,
  history: ["admin-settings", "history"] as const,
};

export const settingsApi = {
  view: (signal?: AbortSignal) => apiGet<AdminSettings>("/admin/settings", signal),
  history: (signal?: AbortSignal) =>
    apiGet<SettingsHistory>("/admin/settings/history?pageSize=50", signal),
  change: (kind: SettingsKind, name: string, body: TierOverrideBody | WorldOverrideBody) =>
    apiPut<SettingsReply>(path(kind, name), body),
  reset: (kind: SettingsKind, name: string) => apiDelete<SettingsReply>(path(kind, name)),
  registration: (open: boolean) => apiPut<SettingsReply>("/admin/settings/registration", { open }),
  maintenance: (message: MaintenanceBody["message"]) =>
    apiPut<SettingsReply>("/admin/settings/maintenance", { message }),
  testSmtp: () => apiPost<CheckResult>("/admin/settings/test-smtp"),
  testAi: () => apiPost<CheckResult>("/admin/settings/test-ai"),
};
