// Build time only (docs/decisions/172, 173): the markup of the public pages a first visit opens most — the shell and the
// screen, in Hebrew, for a visitor who is not signed in — which vite.config.ts writes into each page's own HTML file.
// The page then paints its content before any script runs; the app takes over once it has started
// (app/prerender-handoff.ts). The landing and sign-in pages show no data above the fold; the tier chooser shows the
// built-in catalogue, which the server serves as long as no admin has overridden it, in one copy per billing mode.
import type { BillingStatus } from "@aacos/domain/billing";
import { buildCatalog, type Catalog } from "@aacos/domain/catalog";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { LoginScreen } from "../features/auth/login-screen";
import { LandingScreen } from "../features/landing/landing-screen";
import { TierChooserScreen } from "../features/plans/tier-chooser-screen";
import { resetAuthStore } from "../lib/auth-store";
import { billingKeys } from "../lib/billing";
import { catalogQuery } from "../lib/catalog-query";
import { AppShell } from "./app-shell";
import { createQueryClient, Providers } from "./providers";

/** One pre-rendered copy: the path it answers, its file under dist/, and when the server may serve it. */
export interface PrerenderedPage {
  path: string;
  file: string;
  Screen: ComponentType;
  /** The data the copy shows: served only while the server's catalogue and billing mode are these. */
  data?: { catalog: Catalog; billing: BillingStatus["mode"] };
}

const catalog = buildCatalog();

export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  { path: "/", file: "prerendered/landing.html", Screen: LandingScreen },
  { path: "/auth/login", file: "prerendered/auth-login.html", Screen: LoginScreen },
  // The test-mode notice above the cards depends on the billing mode: one copy with it, one without.
  {
    path: "/tiers",
    file: "prerendered/tiers-test.html",
    Screen: TierChooserScreen,
    data: { catalog, billing: "test" },
  },
  {
    path: "/tiers",
    file: "prerendered/tiers-stripe.html",
    Screen: TierChooserScreen,
    data: { catalog, billing: "stripe" },
  },
];

/** The markup the app renders for `page` for a signed-out visitor, with the page's data already known. */
export function prerender(page: PrerenderedPage): string {
  resetAuthStore("ready");
  const queryClient = createQueryClient();
  if (page.data !== undefined) {
    queryClient.setQueryData(catalogQuery.queryKey, page.data.catalog);
    // Self-service only matters once a world is chosen, by which time the app has asked the server.
    const billing: BillingStatus = { mode: page.data.billing, selfService: true };
    queryClient.setQueryData(billingKeys.status, billing);
  }
  const router = createMemoryRouter(
    [{ element: <AppShell />, children: [{ path: page.path, element: <page.Screen /> }] }],
    { initialEntries: [page.path] },
  );
  try {
    return renderToString(
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>,
    );
  } finally {
    // Each query the render built holds a 5-minute garbage-collection timer, which kept the build's process alive
    // for 5 minutes after its last file was written; clearing the cache drops them.
    queryClient.clear();
  }
}
