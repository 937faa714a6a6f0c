// The plan catalogue from GET /api/catalog, shared by the landing page and the tier chooser.
import type { Catalog } from "@aacos/domain/catalog";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "./api-client";
import { takeEarly } from "./early-fetch";

export const catalogQuery = queryOptions({
  queryKey: ["catalog"],
  // The first fetch was started by main.tsx with the app core (public data, the same for everyone).
  queryFn: ({ signal }) => takeEarly("/catalog", () => apiGet<Catalog>("/catalog", signal)),
  // Admins may change prices and limits (/admin/settings): the tier chooser checks back after 30 s.
  staleTime: 30_000,
});

export function useCatalog() {
  return useQuery(catalogQuery);
}
