// Calls of /admin/settings (GET/PUT/DELETE /api/admin/settings/…) and their shapes.

import type { LocalizedText } from "@aacos/domain/catalog";
import type {
  MaintenanceBody,
  PublicSettings,
  TierOverrideBody,
  WorldOverrideBody,
} from "@aacos/domain/catalog-overrides";
import { apiDelete, apiGet, apiPost, apiPut } from "../../lib/api-client";

export type SettingsKind = "tier" | "world";

export interface PlanValues {
  limits: Record<string, number>;
  price: Record<string, number>;
}

export interface PlanSettings {
  name: string;
  displayName: LocalizedText;
  defaults: PlanValues;
  values: PlanValues;
  /** `limits.maxTeamMembers`, `price.monthly`, … */
  overridden: string[];
}

export interface AdminSettings extends PublicSettings {
  tiers: PlanSettings[];
  worlds: PlanSettings[];
  smtp: { configured: boolean; server: string | null; from: string };
  ai: { provider: "openai-compatible" | "retrieval"; model: string | null; server: string | null };
}

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface SettingsReply {
  changes: FieldChange[];
  settings: AdminSettings;
}

export interface HistoryItem {
  id: number;
  kind: "tier" | "world" | "site";
  name: string | null;
  field: string;
  oldValue: unknown;
  newValue: unknown;
  actorEmail: string | null;
  changedAt: string;
}

export type CheckCode =
  | "mailSent"
  | "mailKept"
  | "mailFailed"
  | "offline"
  | "aiAnswered"
  | "aiFailed";

export interface CheckResult {
  ok: boolean;
  code: CheckCode;
  /** English; the screen says it by `code` with `values`. */
  message: string;
  values?: Record<string, string | number>;
  detail?: string;
}

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
    apiGet<{ items: HistoryItem[]; total: number }>("/admin/settings/history?pageSize=50", signal),
  change: (kind: SettingsKind, name: string, body: TierOverrideBody | WorldOverrideBody) =>
    apiPut<SettingsReply>(path(kind, name), body),
  reset: (kind: SettingsKind, name: string) => apiDelete<SettingsReply>(path(kind, name)),
  registration: (open: boolean) => apiPut<SettingsReply>("/admin/settings/registration", { open }),
  maintenance: (message: MaintenanceBody["message"]) =>
    apiPut<SettingsReply>("/admin/settings/maintenance", { message }),
  testSmtp: () => apiPost<CheckResult>("/admin/settings/test-smtp"),
  testAi: () => apiPost<CheckResult>("/admin/settings/test-ai"),
};
