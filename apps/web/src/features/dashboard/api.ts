// Calls of the dashboard: the user's counts (GET /api/dashboard/stats), the paged activity feed
// (GET /api/dashboard/activity) and their open alerts (GET /api/alerts?status=open).
import type { ActivityPage, DashboardStats } from "@aacos/domain/replies";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api-client";

export type { ActivityPage, DashboardStats };

export interface OpenAlert {
  id: string;
  ruleId: string | null;
  rule: string;
  value: number | null;
  test: boolean;
  severity: string;
  message: string;
  suggestedAction: string | null;
  createdAt: string;
}

export const ACTIVITY_PAGE_SIZE = 6;

export const dashboardKeys = {
  stats: ["dashboard", "stats"] as const,
  activity: (page: number) => ["dashboard", "activity", page] as const,
  openAlerts: ["alerts", "open", "dashboard"] as const,
};

export function useDashboardStats() {
  return useQuery({
    queryKey: dashboardKeys.stats,
    queryFn: ({ signal }) => apiGet<DashboardStats>("/dashboard/stats", signal),
    staleTime: 30_000,
  });
}

export function useActivity(page: number) {
  return useQuery({
    queryKey: dashboardKeys.activity(page),
    queryFn: ({ signal }) =>
      apiGet<ActivityPage>(
        `/dashboard/activity?page=${page}&pageSize=${ACTIVITY_PAGE_SIZE}`,
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useOpenAlerts() {
  return useQuery({
    queryKey: dashboardKeys.openAlerts,
    queryFn: ({ signal }) =>
      apiGet<{ items: OpenAlert[] }>("/alerts?status=open&limit=5", signal).then((r) => r.items),
    staleTime: 30_000,
  });
}
