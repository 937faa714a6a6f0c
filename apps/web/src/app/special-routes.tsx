// Routes that exist as targets (docs/product.md §2): /login, /desktop and /mobile/*.
import type { AppRoute } from "@aacos/domain/access";
import { ROUTE_ACCESS } from "@aacos/domain/access";
import { layoutClassForWidth } from "@aacos/domain/device";
import type { ReactNode } from "react";
import { Navigate, useLocation, useParams } from "react-router";
import { RequireAccess } from "./route-guard";

/** /login → /auth/login; the query and the stored redirect-after-login are kept. */
export function LoginRedirect() {
  const location = useLocation();
  return <Navigate to={`/auth/login${location.search}${location.hash}`} replace />;
}

/** /desktop is for widths ≥ 1024 px; narrower screens go to /dashboard. */
export function DesktopOnly({ children }: { children: ReactNode }) {
  if (layoutClassForWidth(window.innerWidth) !== "desktop") {
    return <Navigate to="/dashboard" replace />;
  }
  return children;
}

function isAppRoute(path: string): path is AppRoute {
  return Object.hasOwn(ROUTE_ACCESS, path);
}

/**
 * /mobile/<path> serves the mobile shell of <path> below 768 px and redirects to <path> otherwise;
 * the route's own access rule applies.
 */
export function MobileOnly({ children }: { children: ReactNode }) {
  const params = useParams();
  const target = `/${params["*"] ?? ""}`;
  if (layoutClassForWidth(window.innerWidth) !== "mobile") {
    return <Navigate to={target} replace />;
  }
  if (isAppRoute(target)) return <RequireAccess route={target}>{children}</RequireAccess>;
  return children;
}
