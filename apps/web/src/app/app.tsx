// The root component: the root error boundary, providers, start-up progress, then the router; navigation for the API
// client and the error reporter's navigation breadcrumbs.
import { useEffect, useState } from "react";
import { RouterProvider } from "react-router";
import { followOtherTabs } from "../lib/auth-store";
import { recordNavigation } from "../lib/monitoring";
import { setAppNavigator } from "../lib/navigation";
import { ErrorBoundary } from "./error-boundary";
import { Providers } from "./providers";
import { createAppRouter, preloadLandingScreen } from "./router";
import { StartupGate } from "./startup-gate";

export function App() {
  const [router] = useState(() => {
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
      <Providers>
        {/* The session check (initialize) runs as start-up's auth step. */}
        <StartupGate preloadLanding={preloadLandingScreen}>
          <RouterProvider router={router} />
        </StartupGate>
      </Providers>
    </ErrorBoundary>
  );
}
