// Calls of the autonomous-control screen (/api/autonomous/…) and their query keys.
import type { AutonomousRuleBody } from "@aacos/domain/autonomous";
import type {
  AutonomousRuleView,
  CronPreview,
  ExecutionView,
  KillSwitchView,
  ListOf,
  PageOf,
  ReplyOf,
} from "@aacos/domain/replies";
import { apiDelete, apiGet, apiPost, apiPut } from "../../lib/api-client";

export const HISTORY_PAGE_SIZE = 10;

export const autonomousKeys = {
  all: ["autonomous"] as const,
  rules: ["autonomous", "rules"] as const,
  killSwitch: ["autonomous", "kill-switch"] as const,
  history: (page: number) => ["autonomous", "history", page] as const,
  preview: (cron: string, timeZone: string) => ["autonomous", "preview", cron, timeZone] as const,
};

export const autonomousApi = {
  rules: (signal?: AbortSignal) =>
    apiGet<ListOf<typeof AutonomousRuleView>>("/autonomous/rules", signal).then((r) => r.items),
  create: (body: AutonomousRuleBody) =>
    apiPost<ReplyOf<"rule", typeof AutonomousRuleView>>("/autonomous/rules", body),
  update: (id: string, body: AutonomousRuleBody) =>
    apiPut<ReplyOf<"rule", typeof AutonomousRuleView>>(`/autonomous/rules/${id}`, body),
  remove: (id: string) => apiDelete(`/autonomous/rules/${id}`),
  setEnabled: (id: string, enabled: boolean) =>
    apiPost<ReplyOf<"rule", typeof AutonomousRuleView>>(
      `/autonomous/rules/${id}/${enabled ? "enable" : "disable"}`,
    ),
  runNow: (id: string) =>
    apiPost<ReplyOf<"execution", typeof ExecutionView>>(`/autonomous/rules/${id}/run`),
  history: (page: number, signal?: AbortSignal) =>
    apiGet<PageOf<typeof ExecutionView>>(
      `/autonomous/executions?page=${page}&pageSize=${HISTORY_PAGE_SIZE}`,
      signal,
    ),
  killSwitch: (signal?: AbortSignal) => apiGet<KillSwitchView>("/autonomous/kill-switch", signal),
  setKillSwitch: (engaged: boolean) =>
    apiPut<KillSwitchView>("/autonomous/kill-switch", { engaged }),
  preview: (cron: string, timeZone: string, signal?: AbortSignal) =>
    apiGet<CronPreview>(
      `/autonomous/cron-preview?cron=${encodeURIComponent(cron)}&timeZone=${encodeURIComponent(timeZone)}`,
      signal,
    ),
};
