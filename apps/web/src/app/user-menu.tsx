// The header's account area: "Sign in" and "Register" for visitors; for a signed-in user a menu with settings and sign-out.
import { checkAccess, ROUTE_ACCESS } from "@aacos/domain/access";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useAuthStore } from "../lib/auth-store";
import { ButtonLink } from "../ui/button";
import { Icon, type IconName } from "../ui/icon";
import { usePopover } from "../ui/use-popover";

const ITEM =
  "flex w-full items-center gap-2 rounded-lg px-3 py-2 text-start text-sm font-semibold text-fg hover:bg-surface-muted focus:bg-surface-muted focus:outline-none";

/** The menu's links in order; the admin link shows only to those the access rules let in. */
const LINKS = [
  { to: "/dashboard", icon: "activity", label: "shell.userMenu.dashboard", testId: "dashboard" },
  { to: "/progress", icon: "trophy", label: "shell.userMenu.progress", testId: "progress" },
  { to: "/teams", icon: "user", label: "teams.nav", testId: "teams" },
  { to: "/files", icon: "file", label: "shell.userMenu.files", testId: "files" },
  { to: "/settings", icon: "settings", label: "shell.userMenu.settings", testId: "settings" },
  { to: "/admin", icon: "shield", label: "shell.userMenu.admin", testId: "admin" },
] as const satisfies readonly { to: string; icon: IconName; label: string; testId: string }[];

export function UserMenu() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const status = useAuthStore((state) => state.status);
  const logout = useAuthStore((state) => state.logout);
  const navigate = useNavigate();
  const { open, close, containerRef, buttonProps, panelId } = usePopover();

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
    close();
    // Leave a signed-in page first, so its guard does not remember it as the page to return to.
    await navigate("/", { replace: true });
    await logout();
  };

  return (
    <div className="relative" ref={containerRef} data-testid="user-menu">
      <button
        {...buttonProps}
        data-testid="user-menu-button"
        aria-label={t("shell.userMenu.label", { name })}
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
          id={panelId}
          className="absolute end-0 top-full z-40 mt-2 w-64 rounded-2xl border border-border bg-surface p-2 shadow-card"
        >
          <p className="truncate px-3 py-2 text-xs text-fg-muted" dir="auto">
            {t("shell.userMenu.signedInAs", { email: user.email })}
          </p>
          <ul className="flex flex-col">
            {LINKS.filter(({ to }) => to !== "/admin" || isAdmin).map(
              ({ to, icon, label, testId }) => (
                <li key={to}>
                  <Link to={to} className={ITEM} data-testid={`user-menu-${testId}`}>
                    <Icon name={icon} className="size-4" />
                    {t(label)}
                  </Link>
                </li>
              ),
            )}
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
