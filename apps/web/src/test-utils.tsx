// Test builder: renders a screen inside the app's providers and a memory router, with a catalogue already in the query cache.
import { buildCatalog } from "@aacos/domain/catalog";
import { QueryClient } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes } from "react-router";
import { Providers } from "./app/providers";
import { catalogQuery } from "./lib/catalog-query";

export function testQueryClient(withCatalog = true): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (withCatalog) client.setQueryData(catalogQuery.queryKey, buildCatalog());
  return client;
}

/** Renders `routes` at `path`; each entry maps a path to its element. */
export function renderAt(
  path: string,
  routes: Record<string, ReactNode>,
  queryClient: QueryClient = testQueryClient(),
) {
  return render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {Object.entries(routes).map(([routePath, element]) => (
            <Route key={routePath} path={routePath} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

/** The error text a field (by test id) points at through aria-describedby (the id ending in -error), or null. */
export function fieldError(testId: string): string | null {
  const id = screen
    .getByTestId(testId)
    .getAttribute("aria-describedby")
    ?.split(" ")
    .find((part) => part.endsWith("-error"));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}
