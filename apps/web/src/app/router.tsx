// Every route of docs/product.md §2, with lazy-loaded screens and the access guard on protected ones.
import type { AppRoute } from "@aacos/domain/access";
import type { ReactNode } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { lazyScreen } from "../lib/lazy-screen";
import { AppShell } from "./app-shell";
import {
  entryScreenOf,
  loadLandingScreen,
  loadLoginScreen,
  loadRegisterScreen,
  loadShowcaseScreen,
  loadTierChooserScreen,
} from "./entry-screens";
import { RouteError } from "./route-error";
import { RequireAccess } from "./route-guard";
import { DesktopOnly, LoginRedirect, MobileOnly } from "./special-routes";

const LandingScreen = lazyScreen(() => loadLandingScreen().then((m) => m.LandingScreen));
const TierChooserScreen = lazyScreen(() =>
  loadTierChooserScreen().then((m) => m.TierChooserScreen),
);
const ShowcaseScreen = lazyScreen(() => loadShowcaseScreen().then((m) => m.ShowcaseScreen));
const LoginScreen = lazyScreen(() => loadLoginScreen().then((m) => m.LoginScreen));
const RegisterScreen = lazyScreen(() => loadRegisterScreen().then((m) => m.RegisterScreen));
const ForgotPasswordScreen = lazyScreen(() =>
  import("../features/auth/forgot-password-screen").then((m) => m.ForgotPasswordScreen),
);
const ResetPasswordScreen = lazyScreen(() =>
  import("../features/auth/reset-password-screen").then((m) => m.ResetPasswordScreen),
);
const OAuthCallbackScreen = lazyScreen(() =>
  import("../features/auth/oauth-callback-screen").then((m) => m.OAuthCallbackScreen),
);
const SetupScreen = lazyScreen(() =>
  import("../features/setup/setup-screen").then((m) => m.SetupScreen),
);
const SettingsScreen = lazyScreen(() =>
  import("../features/settings/settings-screen").then((m) => m.SettingsScreen),
);
const AdminScreen = lazyScreen(() =>
  import("../features/admin/admin-screen").then((m) => m.AdminScreen),
);
const FilesScreen = lazyScreen(() =>
  import("../features/files/files-screen").then((m) => m.FilesScreen),
);
const DashboardScreen = lazyScreen(() =>
  import("../features/dashboard/dashboard-screen").then((m) => m.DashboardScreen),
);
const ProgressScreen = lazyScreen(() =>
  import("../features/progression/progress-screen").then((m) => m.ProgressScreen),
);
const ChatScreen = lazyScreen(() =>
  import("../features/chat/chat-screen").then((m) => m.ChatScreen),
);
const CommandCenterScreen = lazyScreen(() =>
  import("../features/command-center/command-center-screen").then((m) => m.CommandCenterScreen),
);
const SignalsScreen = lazyScreen(() =>
  import("../features/signals/signals-screen").then((m) => m.SignalsScreen),
);
const AlertsScreen = lazyScreen(() =>
  import("../features/alerts/alerts-screen").then((m) => m.AlertsScreen),
);
const MonitoringScreen = lazyScreen(() =>
  import("../features/monitoring/monitoring-screen").then((m) => m.MonitoringScreen),
);
const ConsciousnessScreen = lazyScreen(() =>
  import("../features/consciousness/consciousness-screen").then((m) => m.ConsciousnessScreen),
);
const OrchestrationScreen = lazyScreen(() =>
  import("../features/orchestration/orchestration-screen").then((m) => m.OrchestrationScreen),
);
const DesktopScreen = lazyScreen(() => import("./desktop-screen").then((m) => m.DesktopScreen));
const MobileShell = lazyScreen(() => import("./mobile-shell").then((m) => m.MobileShell));
const AnalyticsScreen = lazyScreen(() =>
  import("../features/analytics/analytics-screen").then((m) => m.AnalyticsScreen),
);
const TeamsScreen = lazyScreen(() =>
  import("../features/teams/teams-screen").then((m) => m.TeamsScreen),
);
const InviteAcceptScreen = lazyScreen(() =>
  import("../features/teams/invite-accept-screen").then((m) => m.InviteAcceptScreen),
);
const AutonomousScreen = lazyScreen(() =>
  import("../features/autonomous/autonomous-screen").then((m) => m.AutonomousScreen),
);
const AdminSettingsScreen = lazyScreen(() =>
  import("../features/admin-settings/admin-settings-screen").then((m) => m.AdminSettingsScreen),
);

function guarded(route: AppRoute, element: ReactNode): ReactNode {
  return <RequireAccess route={route}>{element}</RequireAccess>;
}

/** A route behind the access rule of its own path. */
function guardedRoute(route: AppRoute, element: ReactNode): RouteObject {
  return { path: route.slice(1), element: guarded(route, element) };
}

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <LandingScreen /> },
      { path: "tiers", element: <TierChooserScreen /> },
      { path: "showcase", element: <ShowcaseScreen /> },
      { path: "auth/login", element: <LoginScreen /> },
      { path: "auth/register", element: <RegisterScreen /> },
      { path: "auth/forgot-password", element: <ForgotPasswordScreen /> },
      { path: "auth/reset-password", element: <ResetPasswordScreen /> },
      { path: "auth/oauth/:provider/callback", element: <OAuthCallbackScreen /> },
      { path: "setup", element: <SetupScreen /> },
      guardedRoute("/settings", <SettingsScreen />),
      guardedRoute("/admin", <AdminScreen />),
      guardedRoute("/admin/settings", <AdminSettingsScreen />),
      guardedRoute("/admin/analytics", <AnalyticsScreen />),
      guardedRoute("/files", <FilesScreen />),
      guardedRoute("/progress", <ProgressScreen />),
      guardedRoute("/teams", <TeamsScreen />),
      // The mailed invitation link: signing in first keeps this path (the guard remembers it).
      { path: "teams/invite/:token", element: guarded("/teams", <InviteAcceptScreen />) },
      guardedRoute("/dashboard", <DashboardScreen />),
      guardedRoute("/chat", <ChatScreen />),
      // Both command-centre routes show the same screen, each behind its own access rule.
      guardedRoute("/ai/command-center", <CommandCenterScreen />),
      guardedRoute("/command-center", <CommandCenterScreen />),
      guardedRoute("/signals", <SignalsScreen />),
      // Both orchestration routes show one screen; the server scopes it (everyone's entities or one's own).
      guardedRoute("/ai/entity-orchestration", <OrchestrationScreen />),
      guardedRoute("/entity-orchestration", <OrchestrationScreen />),
      guardedRoute("/alerts", <AlertsScreen />),
      // Both autonomous-control routes show the same screen, each behind its own access rule.
      guardedRoute("/ai/autonomous-control", <AutonomousScreen />),
      guardedRoute("/autonomous-control", <AutonomousScreen />),
      guardedRoute("/consciousness", <ConsciousnessScreen />),
      guardedRoute("/monitoring", <MonitoringScreen variant="monitoring" defaultRange={15} />),
      guardedRoute("/realtime", <MonitoringScreen variant="realtime" defaultRange={1} />),
      { path: "login", element: <LoginRedirect /> },
      guardedRoute(
        "/desktop",
        <DesktopOnly>
          <DesktopScreen />
        </DesktopOnly>,
      ),
      {
        path: "mobile/*",
        element: (
          <MobileOnly>
            <MobileShell />
          </MobileOnly>
        ),
      },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];

const SCREENS_BY_LOADER = new Map<() => Promise<unknown>, { preload: () => Promise<void> }>([
  [loadLandingScreen, LandingScreen],
  [loadTierChooserScreen, TierChooserScreen],
  [loadShowcaseScreen, ShowcaseScreen],
  [loadLoginScreen, LoginScreen],
  [loadRegisterScreen, RegisterScreen],
]);

/**
 * Start-up's resource preload (docs/product.md §4, 80%): the landing screen's code — or the screen of the public page the
 * visit opened on, so it renders with the app instead of after one more round trip. main.tsx already started the
 * download; this marks the screen as loaded, so it renders without a Suspense fallback.
 */
export function preloadLandingScreen(): Promise<void> {
  return preloadEntryScreen(window.location.pathname);
}

/** Loads the screen of `pathname` (the landing screen's for any other path), so it renders without suspending. */
export function preloadEntryScreen(pathname: string): Promise<void> {
  const entry = entryScreenOf(pathname);
  return ((entry && SCREENS_BY_LOADER.get(entry.load)) ?? LandingScreen).preload();
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
