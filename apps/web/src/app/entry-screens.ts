// The public screens a first visit usually opens, by path, as plain module loaders: main.tsx starts the one of the
// visited path together with the app core (not one round trip after it), and the router's lazy screens load through
// the same functions, so both share one download (docs/decisions/200).

export const loadLandingScreen = () => import("../features/landing/landing-screen");
export const loadTierChooserScreen = () => import("../features/plans/tier-chooser-screen");
export const loadShowcaseScreen = () => import("../features/showcase/showcase-screen");
export const loadLoginScreen = () => import("../features/auth/login-screen");
export const loadRegisterScreen = () => import("../features/auth/register-screen");

export interface EntryScreen {
  load: () => Promise<unknown>;
  /** The screen's module under src/, whose files main.tsx requests with the app core's (lib/module-preload.ts). */
  module: string;
  /** Public API paths (under /api) the screen shows at once, fetched with its code. */
  data: readonly string[];
}

const ENTRY_SCREENS: Record<string, EntryScreen> = {
  "/": { load: loadLandingScreen, module: "features/landing/landing-screen.tsx", data: [] },
  // The test-mode notice sits above the cards: known before the first render, it moves nothing (CLS).
  "/tiers": {
    load: loadTierChooserScreen,
    module: "features/plans/tier-chooser-screen.tsx",
    data: ["/billing/status"],
  },
  "/showcase": {
    load: loadShowcaseScreen,
    module: "features/showcase/showcase-screen.tsx",
    data: [],
  },
  "/auth/login": { load: loadLoginScreen, module: "features/auth/login-screen.tsx", data: [] },
  "/auth/register": {
    load: loadRegisterScreen,
    module: "features/auth/register-screen.tsx",
    data: [],
  },
};

/** The entry screen of a path (`/tiers/` counts as `/tiers`); undefined for any other path. */
export function entryScreenOf(pathname: string): EntryScreen | undefined {
  return ENTRY_SCREENS[pathname.replace(/\/+$/, "") || "/"];
}
