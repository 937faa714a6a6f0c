// Build time only (docs/decisions/172, 173): the markup of the public pages a first visit opens most — the shell and the
// screen, in Hebrew, for a visitor who is not signed in — which vite.config.ts writes into each page's own HTML file.
// The page then paints its content before any script runs; the app hydrates it once it has started, which needs the
// very tree the browser renders first: the App component with the same routes, a memory router instead of the
// browser's, and start-up done (app/prerender-handoff.ts, docs/decisions/341). The landing and sign-in pages show no data above the fold; the tier chooser shows the
// built-in catalogue, which the server serves as long as no admin has overridden it, in one copy per billing mode.
import type { BillingStatus } from "@aacos/domain/billing";
import { buildCatalog, type Catalog } from "@aacos/domain/catalog";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter } from "react-router";
import { resetAuthStore } from "../lib/auth-store";
import { billingKeys } from "../lib/billing";
import { catalogQuery } from "../lib/catalog-query";
import { App } from "./app";
import { createQueryClient } from "./providers";
import { preloadEntryScreen, routes } from "./router";

/** One pre-rendered copy: the path it answers, its file under dist/, and when the server may serve it. */
export interface PrerenderedPage {
  path: string;
  file: string;
  /** The data the copy shows: served only while the server's catalogue and billing mode are these. */
  data?: { catalog: Catalog; billing?: BillingStatus["mode"] };
}

const catalog = buildCatalog();

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  // The landing page lists the worlds with their prices: served, like /tiers, only with the built-in catalogue.
  { path: "/", file: "prerendered/landing.html", data: { catalog } },
  { path: "/auth/login", file: "prerendered/auth-login.html" },
  // The test-mode notice above the cards depends on the billing mode: one copy with it, one without.
  {
    path: "/tiers",
    file: "prerendered/tiers-test.html",
    data: { catalog, billing: "test" },
  },
  {
    path: "/tiers",
    file: "prerendered/tiers-stripe.html",
    data: { catalog, billing: "stripe" },
  },
];

/** The markup the app renders for `page` for a signed-out visitor, with the page's data already known. */
export async function prerender(page: PrerenderedPage): Promise<string> {
  // The screen renders directly, as in the browser once start-up has loaded it (lib/lazy-screen.ts).
  await preloadEntryScreen(page.path);
  resetAuthStore("ready");
  const queryClient = createQueryClient();
  if (page.data !== undefined) {
    queryClient.setQueryData(catalogQuery.queryKey, page.data.catalog);
    if (page.data.billing !== undefined) {
      // Self-service only matters once a world is chosen, by which time the app has asked the server.
      const billing: BillingStatus = { mode: page.data.billing, selfService: true };
      queryClient.setQueryData(billingKeys.status, billing);
    }
  }
  const router = createMemoryRouter(routes, { initialEntries: [page.path] });
  try {
    // The same element as app/start.tsx hydrates: StrictMode included, since it is part of the tree useId counts in.
    return renderToString(
      <StrictMode>
        <App
          setup={{ router, queries: { client: queryClient, persistence: null }, started: true }}
        />
      </StrictMode>,
    );
  } finally {
    // Each query the render built holds a 5-minute garbage-collection timer, which kept the build's process alive
    // for 5 minutes after its last file was written; clearing the cache drops them.
    queryClient.clear();
  }
}
