// /mobile/*: the mobile shell below 768 px — the same screens as the desktop paths under a bottom navigation
// (dashboard, chat, signals, progress, menu) with safe-area padding and 44 px touch targets.
import { layoutClassForWidth } from "@aacos/domain/device";
import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, NavLink, useParams } from "react-router";
import { useAuthStore } from "../lib/auth-store";
import { lazyScreen } from "../lib/lazy-screen";
import { Icon, type IconName } from "../ui/icon";
import { Loader } from "../ui/loader";
import { ErrorBoundary } from "./error-boundary";
import { paletteRoutesFor } from "./palette-items";
import { MenuGroupSections, menuGroups } from "./workspace-menu";

const DashboardScreen = lazyScreen(() =>
  import("../features/dashboard/dashboard-screen").then((m) => m.DashboardScreen),
);
const ChatScreen = lazyScreen(() =>
  import("../features/chat/chat-screen").then((m) => m.ChatScreen),
);
const SignalsScreen = lazyScreen(() =>
  import("../features/signals/signals-screen").then((m) => m.SignalsScreen),
);
const ProgressScreen = lazyScreen(() =>
  import("../features/progression/progress-screen").then((m) => m.ProgressScreen),
);

const TABS = [
  { path: "dashboard", key: "dashboard", icon: "compass" },
  { path: "chat", key: "chat", icon: "message" },
  { path: "signals", key: "signals", icon: "radio" },
  { path: "progress", key: "progress", icon: "trophy" },
  { path: "menu", key: "menu", icon: "sliders" },
] as const satisfies readonly { path: string; key: string; icon: IconName }[];

function MobileMenu() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  if (user === null) return <Navigate to="/login" replace />;
  const groups = menuGroups(paletteRoutesFor(user, layoutClassForWidth(window.innerWidth)));
  return (
    <div className="flex flex-col gap-5 px-4 py-6" data-testid="mobile-menu">
      <h1 className="text-2xl font-bold text-fg">{t("home.mobile.menuTitle")}</h1>
      <MenuGroupSections
        groups={groups}
        idPrefix="mobile-menu"
        listClassName="divide-y divide-border rounded-2xl border border-border bg-surface"
        renderLink={({ route }, label) => (
          <Link to={route} className="flex min-h-11 items-center px-4 py-2 font-semibold text-fg">
            {label}
          </Link>
        )}
      />
    </div>
  );
}

function screenFor(path: string) {
  switch (path) {
    case "dashboard":
      return <DashboardScreen />;
    case "chat":
      return <ChatScreen />;
    case "signals":
      return <SignalsScreen />;
    case "progress":
      return <ProgressScreen />;
    case "menu":
      return <MobileMenu />;
    default:
      return null;
  }
}

export function MobileShell() {
  const { t } = useTranslation();
  const path = (useParams()["*"] ?? "").replace(/\/+$/, "");
  const screen = screenFor(path);
  // Floating controls (the accessibility button) rise above the bottom navigation while it is shown.
  useEffect(() => {
    const root = document.documentElement;
    root.style.setProperty("--bottom-nav-offset", "4.5rem");
    return () => {
      root.style.removeProperty("--bottom-nav-offset");
    };
  }, []);
  // Other paths have no mobile variant of their own: the regular screen is responsive.
  if (screen === null)
    return <Navigate to={path === "" ? "/mobile/dashboard" : `/${path}`} replace />;
  return (
    <div
      className="flex flex-col"
      style={{ paddingBottom: "calc(4.5rem + env(safe-area-inset-bottom))" }}
      data-testid="mobile-shell"
    >
      <ErrorBoundary key={path}>
        <Suspense fallback={<Loader message={t("common.loading")} fullHeight />}>{screen}</Suspense>
      </ErrorBoundary>
      <nav
        aria-label={t("home.mobile.navLabel")}
        className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-surface/95 backdrop-blur"
        style={{
          paddingBottom: "env(safe-area-inset-bottom)",
          paddingLeft: "env(safe-area-inset-left)",
          paddingRight: "env(safe-area-inset-right)",
        }}
        data-testid="mobile-nav"
      >
        {/* The start side stays clear for the accessibility button floating in that corner. */}
        <ul className="grid grid-cols-5 ps-16">
          {TABS.map((tab) => (
            <li key={tab.path}>
              <NavLink
                to={`/mobile/${tab.path}`}
                data-testid={`mobile-nav-${tab.key}`}
                className={({ isActive }) =>
                  `flex min-h-14 min-w-11 flex-col items-center justify-center gap-0.5 px-1 text-xs font-semibold ${
                    isActive ? "text-accent-text" : "text-fg-muted"
                  }`
                }
              >
                <Icon name={tab.icon} className="size-6" />
                <span>{t(`home.mobile.tabs.${tab.key}`)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
