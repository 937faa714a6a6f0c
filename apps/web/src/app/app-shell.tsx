// The global shell: skip link, offline and update banners, header (logo, navigation, language and theme toggles), main
// outlet (behind a screen error boundary), footer, command palette, accessibility panel and the keyboard shortcuts.
import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet, ScrollRestoration, useLocation } from "react-router";
import { useAuthStore } from "../lib/auth-store";
import { Icon } from "../ui/icon";
import { Loader } from "../ui/loader";
import { useMenuState } from "../ui/use-popover";
import { AccessibilityLayer } from "./accessibility-panel";
import { ErrorBoundary } from "./error-boundary";
import { LanguageToggle } from "./language-toggle";
import { MaintenanceBanner } from "./maintenance-banner";
import { OfflineBanner } from "./offline-banner";
import { PaletteButton } from "./palette-button";
import { revealApp } from "./prerender-handoff";
import { useShellStore } from "./shell-store";
import { ThemeToggle } from "./theme-toggle";
import { UpdatePrompt } from "./update-prompt";
import { UpgradePromptStrip, UpgradePrompts, useCelebrationShown } from "./upgrade-prompts";
import { useGlobalShortcuts } from "./use-global-shortcuts";
import { UserMenu } from "./user-menu";

// Parts a first visit does not need before it paints: fetched when signed in, or when opened (docs/decisions/171).
const CommandPalette = lazy(() =>
  import("./command-palette").then((m) => ({ default: m.CommandPalette })),
);
const ProgressToasts = lazy(() =>
  import("../features/progression/progress-toasts").then((m) => ({ default: m.ProgressToasts })),
);
const WorkspaceMenu = lazy(() =>
  import("./workspace-menu").then((m) => ({ default: m.WorkspaceMenu })),
);

/** The command palette's code arrives the first time it opens (Ctrl/Cmd+K or the header button). */
function LazyCommandPalette() {
  const open = useShellStore((state) => state.paletteOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette />
    </Suspense>
  );
}

const NAV_ITEMS = [
  { to: "/", key: "home", end: true },
  { to: "/tiers", key: "tiers", end: false },
  { to: "/showcase", key: "showcase", end: false },
] as const;

/** Shown to signed-in users only. */
const MEMBER_NAV_ITEMS = [
  { to: "/dashboard", key: "dashboard", end: false },
  { to: "/chat", key: "chat", end: false },
  { to: "/ai/command-center", key: "commandCenter", end: false },
  { to: "/progress", key: "progress", end: false },
] as const;

function navClass({ isActive }: { isActive: boolean }): string {
  const state = isActive ? "bg-surface-muted text-accent-text" : "text-fg-muted hover:text-fg";
  return `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold ${state}`;
}

export function Logo() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className="size-9 shrink-0">
      <defs>
        <linearGradient id="aacos-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8B5CF6" />
          <stop offset="1" stopColor="#3B82F6" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#aacos-logo)" />
      <circle cx="32" cy="32" r="12" fill="none" stroke="#fff" strokeWidth="4" />
      <circle cx="32" cy="32" r="4" fill="#fff" />
    </svg>
  );
}

/** Publishes the sticky header's height (upgrade strip included) as --shell-header-height: toasts stay below it. */
function useShellHeaderHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header || typeof ResizeObserver === "undefined") return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty("--shell-header-height", `${header.offsetHeight}px`);
    });
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--shell-header-height");
    };
  }, []);
  return ref;
}

export function AppShell() {
  // On a pre-rendered page, the app replaces the static copy as soon as the shell has committed (before the next paint).
  useLayoutEffect(revealApp, []);
  const { t } = useTranslation();
  const signedIn = useAuthStore((state) => state.user !== null);
  // Signed in, the logo leads home and the showcase stays in the palette: room for the workspace.
  const navItems = signedIn ? [NAV_ITEMS[1], ...MEMBER_NAV_ITEMS] : NAV_ITEMS;
  const { pathname } = useLocation();
  const menuId = useId();
  // The narrow screens' menu closes on navigation, and on Escape (focus back to its button).
  const { open: menuOpen, setOpen: setMenuOpen, buttonRef: menuButtonRef } = useMenuState();
  useGlobalShortcuts();
  const headerRef = useShellHeaderHeight();
  // What a move up earned (XP, a rank) follows its celebration rather than piling onto it.
  const celebrating = useCelebrationShown();
  return (
    <div className="flex min-h-screen flex-col bg-background text-fg">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-accent px-4 py-2 font-semibold text-on-accent focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t("shell.skipToContent")}
      </a>
      <MaintenanceBanner />
      <OfflineBanner />
      <UpdatePrompt />
      <header
        ref={headerRef}
        className="sticky top-0 z-30 border-b border-border bg-background/90 backdrop-blur"
      >
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          {/* Named by its visible text (WCAG 2.5.3: voice users say what they see), plus where it leads. */}
          <Link to="/" className="flex items-center gap-2.5">
            <Logo />
            <span className="flex flex-col leading-tight">
              <span className="text-lg font-extrabold tracking-wide text-fg">
                {t("common.appName")}
                <span className="sr-only"> {t("shell.homeLink")}</span>
              </span>
              <span className="hidden text-xs text-fg-muted sm:block">{t("shell.tagline")}</span>
            </span>
          </Link>
          {/* Below 768 px the navigation and the controls fold into one menu: the page starts under one row. */}
          <button
            type="button"
            ref={menuButtonRef}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            data-testid="header-menu-button"
            onClick={() => setMenuOpen((open) => !open)}
            className="ms-auto inline-flex items-center gap-2 rounded-lg border border-border bg-surface px-3 py-2 text-sm font-semibold text-fg hover:bg-surface-muted md:hidden"
          >
            <Icon name={menuOpen ? "close" : "menu"} />
            {menuOpen ? t("shellMenu.close") : t("shellMenu.open")}
          </button>
          <div
            id={menuId}
            data-testid="header-menu"
            className={`${menuOpen ? "flex" : "hidden"} w-full flex-col gap-3 pb-2 md:contents`}
          >
            <nav
              aria-label={t("shell.navLabel")}
              className="-mx-1 w-full md:mx-0 md:w-auto md:flex-1"
            >
              <ul className="flex flex-wrap gap-1">
                {navItems.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.end} className={navClass}>
                      {t(`shell.nav.${item.key}`)}
                    </NavLink>
                  </li>
                ))}
                {signedIn ? (
                  <li>
                    <Suspense fallback={null}>
                      <WorkspaceMenu />
                    </Suspense>
                  </li>
                ) : null}
              </ul>
            </nav>
            <div className="flex min-w-0 flex-wrap items-center gap-2 md:ms-auto md:justify-end">
              <PaletteButton />
              <LanguageToggle />
              <ThemeToggle />
              <UserMenu />
            </div>
          </div>
        </div>
        <UpgradePromptStrip />
      </header>
      {/* At least a screen tall: the footer starts below the fold, so a screen's data arriving never pushes it (CLS). */}
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 pb-20 focus:outline-none">
        {/* A failing screen (or its code failing to load) shows the error screen inside the shell; a new path resets it. */}
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<Loader message={t("common.loading")} fullHeight />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <footer className="border-t border-border bg-surface">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 md:flex-row md:items-center md:justify-between">
          <div className="flex items-center gap-3">
            <Logo />
            <p className="max-w-md text-sm text-fg-muted">{t("shell.footerAbout")}</p>
          </div>
          <nav aria-label={t("shell.footerNavLabel")}>
            <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="text-fg-muted underline-offset-4 hover:text-fg hover:underline"
                  >
                    {t(`shell.nav.${item.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="text-sm text-fg-muted">
            {t("shell.footerRights", { year: new Date().getFullYear() })}
          </p>
        </div>
      </footer>
      <UpgradePrompts />
      {signedIn ? (
        <Suspense fallback={null}>
          <ProgressToasts held={celebrating} />
        </Suspense>
      ) : null}
      <LazyCommandPalette />
      <AccessibilityLayer />
      <ScrollRestoration />
    </div>
  );
}
