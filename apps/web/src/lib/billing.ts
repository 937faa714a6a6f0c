// Billing for every screen that shows it (tiers, settings, admin console): who takes payment (GET /api/billing/status),
// the user's billing overview, the Billing Portal, plan requests.
import type { PlanRequestBody } from "@aacos/domain/billing";
import type {
  BillingOverview,
  BillingPortalReply,
  BillingStatus,
  ListOf,
  PlanRequest,
  PlanRequestDecided,
  ReplyOf,
} from "@aacos/domain/replies";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet, apiPost } from "./api-client";
import { takeEarly } from "./early-fetch";

export const billingKeys = {
  status: ["billing", "status"] as const,
  me: ["billing", "me"] as const,
  myRequests: ["billing", "requests", "mine"] as const,
  adminRequests: ["billing", "requests", "admin"] as const,
};

export const billingStatusQuery = queryOptions({
  queryKey: billingKeys.status,
  // On /tiers, main.tsx started the first fetch with the app core (public, the same for everyone).
  queryFn: ({ signal }) =>
    takeEarly("/billing/status", () => apiGet<BillingStatus>("/billing/status", signal)),
  staleTime: 60_000,
});

export function useBillingStatus() {
  return useQuery(billingStatusQuery);
}

export function useBillingOverview(enabled = true) {
  return useQuery({
    queryKey: billingKeys.me,
    queryFn: ({ signal }) => apiGet<BillingOverview>("/billing/me", signal),
    enabled,
  });
}

export function useMyPlanRequests(enabled = true) {
  return useQuery({
    queryKey: billingKeys.myRequests,
    queryFn: ({ signal }) => apiGet<ListOf<typeof PlanRequest>>("/plan/requests", signal),
    enabled,
  });
}

export const billingApi = {
  portal: () => apiPost<BillingPortalReply>("/billing/portal"),
  request: (body: PlanRequestBody) =>
    apiPost<ReplyOf<"request", typeof PlanRequest>>("/plan/requests", body),
  adminRequests: (signal?: AbortSignal) =>
    apiGet<ListOf<typeof PlanRequest>>("/admin/plan-requests?status=open", signal),
  grant: (id: string) => apiPost<PlanRequestDecided>(`/admin/plan-requests/${id}/grant`),
  decline: (id: string) => apiPost<PlanRequestDecided>(`/admin/plan-requests/${id}/decline`),
};
