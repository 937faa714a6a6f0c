// The /desktop layout saved per user on the server (GET/PUT /api/me/layout), validated by the shared schema.
import type { DesktopLayout } from "@aacos/domain/layout";
import type { ReplyOf } from "@aacos/domain/replies";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPut } from "../../lib/api-client";

export const layoutKey = ["me", "layout"] as const;

export function useSavedLayout() {
  return useQuery({
    queryKey: layoutKey,
    queryFn: ({ signal }) =>
      apiGet<ReplyOf<"layout", typeof DesktopLayout>>("/me/layout", signal).then((r) => r.layout),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Saves a layout; the cache holds what the user sees, so a reload shows the same arrangement. */
export function useSaveLayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (layout: DesktopLayout) =>
      apiPut<ReplyOf<"layout", typeof DesktopLayout>>("/me/layout", layout).then((r) => r.layout),
    // One save at a time, in order, so the last arrangement is the one kept.
    scope: { id: "desktop-layout" },
    onMutate: (layout) => client.setQueryData(layoutKey, layout),
  });
}
