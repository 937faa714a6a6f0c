// Billing for every screen that shows it (tiers, settings, admin console): who takes payment (GET /api/billing/status),
// the user's billing overview, the Billing Portal, plan requests, and billing messages in the interface language.
import { BILLING_MESSAGES, type PlanRequestBody } from "@aacos/domain/billing";
import type {
  BillingOverview,
  BillingPortalReply,
  BillingStatus,
  PlanRequestDecided,
  PlanRequestList,
  PlanRequestReply,
} from "@aacos/domain/replies";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { apiGet, apiPost } from "./api-client";
import { takeEarly } from "./early-fetch";
import { translateMessage } from "./messages";

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
    queryFn: ({ signal }) => apiGet<PlanRequestList>("/plan/requests", signal),
    enabled,
  });
}

export const billingApi = {
  portal: () => apiPost<BillingPortalReply>("/billing/portal"),
  request: (body: PlanRequestBody) => apiPost<PlanRequestReply>("/plan/requests", body),
  adminRequests: (signal?: AbortSignal) =>
    apiGet<PlanRequestList>("/admin/plan-requests?status=open", signal),
  grant: (id: string) => apiPost<PlanRequestDecided>(`/admin/plan-requests/${id}/grant`),
  decline: (id: string) => apiPost<PlanRequestDecided>(`/admin/plan-requests/${id}/decline`),
};

const KEYS = Object.fromEntries(
  Object.entries(BILLING_MESSAGES).map(([key, text]) => [text, key]),
) as Record<string, keyof typeof BILLING_MESSAGES>;

/** A billing message from the server in the interface language; anything else as the shared messages do. */
export function billingMessage(t: TFunction, message: string): string {
  const key = KEYS[message];
  if (key !== undefined && key !== "signatureInvalid") return t(`billing.errors.${key}`);
  return translateMessage(t, message);
}
