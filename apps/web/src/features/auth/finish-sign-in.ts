// After any sign-in: go to the remembered page (then forget it), the server's redirect, or /dashboard.
import { checkAccess, ROUTE_ACCESS } from "@aacos/domain/access";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { takeRedirectAfterLogin, useAuthStore } from "../../lib/auth-store";

function isLocalPath(path: string | null | undefined): path is string {
  return typeof path === "string" && path.startsWith("/") && !path.startsWith("//");
}

export function useFinishSignIn(): (serverRedirect?: string | null) => void {
  const navigate = useNavigate();
  return useCallback(
    (serverRedirect) => {
      const remembered = takeRedirectAfterLogin("");
      const user = useAuthStore.getState().user;
      // A user without the dashboard's role (an admin-only account) starts at home instead.
      const fallback =
        checkAccess(user, ROUTE_ACCESS["/dashboard"]) === "allowed" ? "/dashboard" : "/";
      const target = remembered || (isLocalPath(serverRedirect) ? serverRedirect : "") || fallback;
      void navigate(target, { replace: true });
    },
    [navigate],
  );
}
