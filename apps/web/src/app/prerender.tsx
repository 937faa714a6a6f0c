// Build time only (docs/decisions/172): the markup of the public pages a first visit opens most — the shell and the
// screen, in Hebrew, for a visitor who is not signed in — which vite.config.ts writes into each path's own HTML file.
// The page then paints its content before any script runs; the app takes over once it has started
// (app/prerender-handoff.ts). Data the screens fetch is not rendered here: the pages chosen show none above the fold.
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { LoginScreen } from "../features/auth/login-screen";
import { LandingScreen } from "../features/landing/landing-screen";
import { resetAuthStore } from "../lib/auth-store";
import { AppShell } from "./app-shell";
import { createQueryClient, Providers } from "./providers";

/** The pre-rendered paths and the file each is written to under dist/. */
export const PRERENDERED_PAGES: Record<string, { file: string; Screen: ComponentType }> = {
  "/": { file: "prerendered/landing.html", Screen: LandingScreen },
  "/auth/login": { file: "prerendered/auth-login.html", Screen: LoginScreen },
};

/** The markup the app renders at `path` for a signed-out visitor, before any data arrives. */
export function prerender(path: string): string {
  const page = PRERENDERED_PAGES[path];
  if (page === undefined) throw new Error(`${path} is not pre-rendered`);
  resetAuthStore("ready");
  const router = createMemoryRouter(
    [{ element: <AppShell />, children: [{ path, element: <page.Screen /> }] }],
    { initialEntries: [path] },
  );
  return renderToString(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}
