// Calls of the alerts screen (GET /api/alerts, rules, acknowledge/resolve, silence, test-fire) and their shapes.
import type { AlertRuleBody } from "@aacos/domain/validation";
import { apiDelete, apiGet, apiPost } from "../../lib/api-client";

export type AlertStatus = "open" | "acknowledged" | "resolved";

export interface AlertView {
  id: string;
  ruleId: string | null;
  rule: string;
  severity: string;
  status: AlertStatus;
  message: string;
  value: number | null;
  suggestedAction: string | null;
  test: boolean;
  createdAt: string;
  acknowledgedAt: string | null;
  resolvedAt: string | null;
}

export interface AlertRuleView {
  id: string;
  name: string;
  metric: string;
  op: string;
  threshold: number;
  windowSeconds: number;
  severity: string;
  silencedUntil: string | null;
  enabled: boolean;
  builtIn: boolean;
}

export const alertsApi = {
  list: (status: AlertStatus, signal?: AbortSignal) =>
    apiGet<{ items: AlertView[] }>(`/alerts?status=${status}`, signal).then((r) => r.items),
  acknowledge: (id: string) => apiPost<{ alert: AlertView }>(`/alerts/${id}/acknowledge`),
  resolve: (id: string) => apiPost<{ alert: AlertView }>(`/alerts/${id}/resolve`),
  rules: (signal?: AbortSignal) =>
    apiGet<{ items: AlertRuleView[] }>("/alerts/rules", signal).then((r) => r.items),
  createRule: (body: AlertRuleBody) => apiPost<{ rule: AlertRuleView }>("/alerts/rules", body),
  deleteRule: (id: string) => apiDelete(`/alerts/rules/${id}`),
  silence: (id: string, minutes: number) =>
    apiPost<{ rule: AlertRuleView }>(`/alerts/rules/${id}/silence`, { minutes }),
  test: (id: string) => apiPost<{ alert: AlertView }>(`/alerts/rules/${id}/test`),
};
