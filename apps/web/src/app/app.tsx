// The root component: the root error boundary, providers, start-up progress, then the router; navigation for the API
// client and the error reporter's navigation breadcrumbs.
import { useEffect, useState } from "react";
import { type DataRouter, RouterProvider } from "react-router";
import { followOtherTabs } from "../lib/auth-store";
import { recordNavigation } from "../lib/monitoring";
import { setAppNavigator } from "../lib/navigation";
import { ErrorBoundary } from "./error-boundary";
import { type AppQueries, Providers } from "./providers";
import { createAppRouter, preloadLandingScreen } from "./router";
import { StartupGate } from "./startup-gate";

/**
 * What a pre-rendered page's hydration (and the build's pre-render of it) gives the app instead of its defaults, so that
 * both render the same tree (docs/decisions/341).
 */
export interface AppSetup {
  /** The build's memory router; the browser's by default. */
  router?: DataRouter;
  /** A query client filled before the first render. */
  queries?: AppQueries;
  /** Start-up has already run: the app renders at once, without the start screen. */
  started?: boolean;
}

export function App({ setup = {} }: { setup?: AppSetup }) {
  const [router] = useState(() => {
    if (setup.router !== undefined) return setup.router;
    // Fetched alongside start-up's network steps rather than after them.
    void preloadLandingScreen().catch(() => {});
    return createAppRouter();
  });

  useEffect(() => {
    setAppNavigator((path) => router.navigate(path));
    recordNavigation(router.state.location.pathname);
    let last = router.state.location.pathname;
    const unsubscribe = router.subscribe((state) => {
      if (state.location.pathname === last) return;
      last = state.location.pathname;
      recordNavigation(last);
    });
    const stopFollowing = followOtherTabs();
    return () => {
      unsubscribe();
      stopFollowing();
    };
  }, [router]);

  return (
    <ErrorBoundary level="root" name="App">
      <Providers queries={setup.queries}>
        {/* The session check (initialize) runs as start-up's auth step. */}
        <StartupGate preloadLanding={preloadLandingScreen} started={setup.started === true}>
          <RouterProvider router={router} />
        </StartupGate>
      </Providers>
    </ErrorBoundary>
  );
}
