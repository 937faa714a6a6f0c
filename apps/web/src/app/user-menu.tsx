// The header's account area: "Sign in" and "Register" for visitors; for a signed-in user a menu with settings and sign-out.
import { checkAccess, ROUTE_ACCESS } from "@aacos/domain/access";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { useAuthStore } from "../lib/auth-store";
import { ButtonLink } from "../ui/button";
import { Icon } from "../ui/icon";

const ITEM =
  "flex w-full items-center gap-2 rounded-lg px-3 py-2 text-start text-sm font-semibold text-fg hover:bg-surface-muted focus:bg-surface-muted focus:outline-none";

export function UserMenu() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const status = useAuthStore((state) => state.status);
  const logout = useAuthStore((state) => state.logout);
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Close on navigation, on Escape (focus back to the button) and on a click elsewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes whenever the location changes
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  if (status === "loading") return <span className="inline-block h-9 w-24" aria-hidden="true" />;

  if (!user) {
    return (
      <div className="flex flex-wrap items-center gap-2" data-testid="header-visitor">
        <ButtonLink to="/auth/login" variant="ghost" data-testid="header-sign-in" className="px-3">
          {t("shell.nav.signIn")}
        </ButtonLink>
        <ButtonLink to="/auth/register" data-testid="header-register" className="px-3">
          {t("shell.nav.register")}
        </ButtonLink>
      </div>
    );
  }

  const name = user.displayName || user.username;
  const isAdmin = checkAccess(user, ROUTE_ACCESS["/admin"]) === "allowed";

  const signOut = async () => {
    setOpen(false);
    // Leave a signed-in page first, so its guard does not remember it as the page to return to.
    await navigate("/", { replace: true });
    await logout();
  };

  return (
    <div className="relative" ref={containerRef} data-testid="user-menu">
      <button
        ref={buttonRef}
        type="button"
        data-testid="user-menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t("shell.userMenu.label", { name })}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex max-w-48 items-center gap-1.5 rounded-xl border border-border bg-surface px-3 py-2 text-sm font-semibold text-fg hover:border-primary"
      >
        <Icon name="user" className="size-4" />
        <span className="truncate" dir="auto" data-testid="user-menu-name">
          {name}
        </span>
        <Icon name="chevronDown" className="size-4" />
      </button>
      {open ? (
        <div
          id={menuId}
          className="absolute end-0 top-full z-40 mt-2 w-64 rounded-2xl border border-border bg-surface p-2 shadow-card"
        >
          <p className="truncate px-3 py-2 text-xs text-fg-muted" dir="auto">
            {t("shell.userMenu.signedInAs", { email: user.email })}
          </p>
          <ul className="flex flex-col">
            <li>
              <Link to="/dashboard" className={ITEM} data-testid="user-menu-dashboard">
                <Icon name="activity" className="size-4" />
                {t("shell.userMenu.dashboard")}
              </Link>
            </li>
            <li>
              <Link to="/progress" className={ITEM} data-testid="user-menu-progress">
                <Icon name="trophy" className="size-4" />
                {t("shell.userMenu.progress")}
              </Link>
            </li>
            <li>
              <Link to="/teams" className={ITEM} data-testid="user-menu-teams">
                <Icon name="user" className="size-4" />
                {t("teams.nav")}
              </Link>
            </li>
            <li>
              <Link to="/files" className={ITEM} data-testid="user-menu-files">
                <Icon name="file" className="size-4" />
                {t("shell.userMenu.files")}
              </Link>
            </li>
            <li>
              <Link to="/settings" className={ITEM} data-testid="user-menu-settings">
                <Icon name="settings" className="size-4" />
                {t("shell.userMenu.settings")}
              </Link>
            </li>
            {isAdmin ? (
              <li>
                <Link to="/admin" className={ITEM} data-testid="user-menu-admin">
                  <Icon name="shield" className="size-4" />
                  {t("shell.userMenu.admin")}
                </Link>
              </li>
            ) : null}
            <li className="mt-1 border-t border-border pt-1">
              <button
                type="button"
                className={ITEM}
                data-testid="user-menu-sign-out"
                onClick={() => void signOut()}
              >
                <Icon name="logOut" className="size-4" />
                {t("shell.userMenu.signOut")}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}
