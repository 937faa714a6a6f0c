// GET /api/settings/public: whether registration is open and the maintenance message, read by the shell's banner
// and the register screen. Checked every minute, so a banner an admin puts up reaches open tabs too.
import type { PublicSettings } from "@aacos/domain/replies";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "./api-client";

export const publicSettingsQuery = queryOptions({
  queryKey: ["public-settings"],
  queryFn: ({ signal }) => apiGet<PublicSettings>("/settings/public", signal),
  staleTime: 30_000,
  refetchInterval: 60_000,
});

export function usePublicSettings() {
  return useQuery(publicSettingsQuery);
}
