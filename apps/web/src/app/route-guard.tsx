// The route guard of docs/product.md §2: a loader while auth loads, sign-in redirect (remembering the path), or restricted access.
import type { AppRoute } from "@aacos/domain/access";
import { ROUTE_ACCESS } from "@aacos/domain/access";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { useAuthStore } from "../lib/auth-store";
import { STORAGE_KEYS, writeStorage } from "../lib/storage";
import { Button } from "../ui/button";
import { Icon } from "../ui/icon";
import { Loader } from "../ui/loader";
import { guardDecision } from "./guard-decision";

interface RequireAccessProps {
  route: AppRoute;
  children: ReactNode;
  /** Where visitors (and, with showRestricted off, users lacking access) are sent. */
  fallbackPath?: string;
  showRestricted?: boolean;
}

export function RequireAccess({
  route,
  children,
  fallbackPath = "/",
  showRestricted = true,
}: RequireAccessProps) {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const status = useAuthStore((state) => state.status);
  const decision = guardDecision(status, user, ROUTE_ACCESS[route], showRestricted);
  // A user signed out while on this page (sign-out, another tab, an expired session) is not a visitor asking
  // for it: whoever ended the session navigates and decides what to remember; the page just goes blank.
  const allowedRoute = useRef<AppRoute | null>(null);
  if (decision === "allowed") allowedRoute.current = route;
  const signedOutHere = user === null && allowedRoute.current === route;

  if (decision === "verifying") return <Loader message={t("guard.verifying")} fullHeight />;
  if (decision === "redirect" && signedOutHere) return null;
  if (decision === "redirect")
    return <RememberAndRedirect to={fallbackPath} remember={user === null} />;
  if (decision === "restricted") return <RestrictedAccess />;
  return children;
}

function RememberAndRedirect({ to, remember }: { to: string; remember: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (remember) {
      writeStorage(
        STORAGE_KEYS.redirectAfterLogin,
        `${location.pathname}${location.search}${location.hash}`,
      );
    }
    navigate(to, { replace: true });
  }, [location, navigate, remember, to]);
  return null;
}

export function RestrictedAccess() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    // With no page to return to, go home instead of leaving the site.
    if (window.history.length > 1) navigate(-1);
    else navigate("/");
  };
  return (
    <section
      aria-labelledby="restricted-title"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center"
      data-testid="restricted-access"
    >
      <span className="flex size-16 items-center justify-center rounded-2xl bg-surface-muted text-accent-text">
        <Icon name="lock" className="size-8" />
      </span>
      <h1 id="restricted-title" className="text-2xl font-bold text-fg">
        {t("guard.restrictedTitle")}
      </h1>
      <p className="text-fg-muted">{t("guard.restrictedMessage")}</p>
      <Button variant="secondary" onClick={goBack}>
        {t("guard.back")}
      </Button>
    </section>
  );
}
