// The signed-in user's plan, usage and files (GET /api/plan/me, /api/usage/me, /api/files), the plan changes and the
// refresh of the session user after one, shared by the tier chooser, settings, the dashboard and the files screen.
import type { BillingInterval } from "@aacos/domain/billing";
import type { TierName, WorldName } from "@aacos/domain/catalog";
import type {
  FileList,
  PendingCheckout,
  Plan,
  PlanChangeReply,
  StoredFile,
  UsageRecord,
} from "@aacos/domain/replies";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet, apiPost } from "./api-client";
import { authApi } from "./auth-api";
import { useAuthStore } from "./auth-store";

export type { Plan, PlanChangeReply, PlanHistoryItem } from "@aacos/domain/replies";

export type RateWindow = "minute" | "hour" | "day";

/** GET /api/usage/me. */
export type Usage = UsageRecord;

export type { FileList, StoredFile };

/** The usage panel refreshes this often while the page is visible. */
export const USAGE_REFRESH_MS = 15_000;

export const planKeys = {
  plan: ["plan", "me"] as const,
  usage: ["usage", "me"] as const,
  files: ["files"] as const,
};

/**
 * Answers many screens share (the plan, the file list, the workspace's universes and entities): moving between those
 * screens reuses them for this long instead of asking again on every screen — the app's own reads count against the
 * general per-user limit (100 a minute). What the user changes invalidates them at once; a reload always asks again.
 */
export const SHARED_READ_STALE_MS = 30_000;

export const planQuery = queryOptions({
  queryKey: planKeys.plan,
  queryFn: ({ signal }) => apiGet<Plan>("/plan/me", signal),
  staleTime: SHARED_READ_STALE_MS,
});

export const usageQuery = queryOptions({
  queryKey: planKeys.usage,
  queryFn: ({ signal }) => apiGet<Usage>("/usage/me", signal),
  // TanStack Query pauses the interval while the page is hidden (refetchIntervalInBackground is off).
  refetchInterval: USAGE_REFRESH_MS,
});

export const filesQuery = queryOptions({
  queryKey: planKeys.files,
  queryFn: ({ signal }) => apiGet<FileList>("/files", signal),
  staleTime: SHARED_READ_STALE_MS,
});

export function usePlan(enabled = true) {
  return useQuery({ ...planQuery, enabled });
}

export function useUsage() {
  return useQuery(usageQuery);
}

/** The file list: a metered call, so never polled. */
export function useFiles() {
  return useQuery(filesQuery);
}

// 200 with the new plan; with Stripe, 202 with where to pay (the plan changes when the payment is confirmed).
export const planApi = {
  changeTier: (tier: TierName, interval: BillingInterval = "monthly") =>
    apiPost<PlanChangeReply>("/plan/tier", { tier, interval }),
  changeWorld: (world: WorldName, interval: BillingInterval = "monthly") =>
    apiPost<PlanChangeReply>("/plan/world", { world, interval }),
};

export function isPendingCheckout(reply: PlanChangeReply): reply is PendingCheckout {
  return "pending" in reply && reply.pending === true;
}

/**
 * After a plan change: the session user (tier and world show everywhere) comes again from GET /api/auth/me, and
 * the plan, usage and progress answers are refetched.
 */
export async function refreshAfterPlanChange(client: QueryClient, plan: Plan): Promise<void> {
  client.setQueryData(planKeys.plan, plan);
  try {
    useAuthStore.getState().setUser(await authApi.me());
  } catch {
    // The change stands; the header catches up at the next session check.
  }
  await Promise.all([
    client.invalidateQueries({ queryKey: planKeys.usage }),
    client.invalidateQueries({ queryKey: planKeys.files }),
    client.invalidateQueries({ queryKey: ["progress"] }),
  ]);
}
