// The router's error element: a route that throws outside a screen boundary shows the error screen, not a blank page.
import { useMemo } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { RoutedErrorScreen } from "./error-boundary";

export function RouteError() {
  const error = useRouteError();
  const shown = useMemo(
    () => (isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`) : error),
    [error],
  );
  return (
    <main id="main" className="min-h-screen bg-background text-fg">
      <RoutedErrorScreen error={shown} />
    </main>
  );
}
