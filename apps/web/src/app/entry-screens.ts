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
  /** Public API paths (under /api) the screen shows at once, fetched with its code. */
  data: readonly string[];
}

const ENTRY_SCREENS: Record<string, EntryScreen> = {
  "/": { load: loadLandingScreen, data: [] },
  // The test-mode notice sits above the cards: known before the first render, it moves nothing (CLS).
  "/tiers": { load: loadTierChooserScreen, data: ["/billing/status"] },
  "/showcase": { load: loadShowcaseScreen, data: [] },
  "/auth/login": { load: loadLoginScreen, data: [] },
  "/auth/register": { load: loadRegisterScreen, data: [] },
};

/** The entry screen of a path (`/tiers/` counts as `/tiers`); undefined for any other path. */
export function entryScreenOf(pathname: string): EntryScreen | undefined {
  return ENTRY_SCREENS[pathname.replace(/\/+$/, "") || "/"];
}
