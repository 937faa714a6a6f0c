// Calls of the alerts screen (GET /api/alerts, rules, acknowledge/resolve, silence, test-fire) and their shapes.
import type { AlertStatus } from "@aacos/domain/monitoring";
import type {
  AlertRuleView,
  AlertView,
  CreatedAlertRuleReply,
  ListOf,
  ReplyOf,
} from "@aacos/domain/replies";
import type { AlertRuleBody } from "@aacos/domain/validation";
import { apiDelete, apiGet, apiPost } from "../../lib/api-client";

export type { AlertRuleView, AlertStatus, AlertView };

export const alertsApi = {
  list: (status: AlertStatus, signal?: AbortSignal) =>
    apiGet<ListOf<typeof AlertView>>(`/alerts?status=${status}`, signal).then((r) => r.items),
  acknowledge: (id: string) =>
    apiPost<ReplyOf<"alert", typeof AlertView>>(`/alerts/${id}/acknowledge`),
  resolve: (id: string) => apiPost<ReplyOf<"alert", typeof AlertView>>(`/alerts/${id}/resolve`),
  rules: (signal?: AbortSignal) =>
    apiGet<ListOf<typeof AlertRuleView>>("/alerts/rules", signal).then((r) => r.items),
  createRule: (body: AlertRuleBody) => apiPost<CreatedAlertRuleReply>("/alerts/rules", body),
  deleteRule: (id: string) => apiDelete(`/alerts/rules/${id}`),
  silence: (id: string, minutes: number) =>
    apiPost<ReplyOf<"rule", typeof AlertRuleView>>(`/alerts/rules/${id}/silence`, { minutes }),
  test: (id: string) => apiPost<ReplyOf<"alert", typeof AlertView>>(`/alerts/rules/${id}/test`),
};
