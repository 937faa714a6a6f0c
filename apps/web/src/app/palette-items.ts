// What the command palette offers: every route the user may open (ROUTE_ACCESS + checkAccess) and the main actions,
// and the filter that matches them against what was typed.
import { type AppRoute, checkAccess, type Principal, ROUTE_ACCESS } from "@aacos/domain/access";
import type { LayoutClass } from "@aacos/domain/device";

/** Routes the palette lists, with their title keys (palette.routes.*). Routes needing a link's token are left out. */
export const PALETTE_ROUTES = [
  { route: "/", key: "home" },
  { route: "/tiers", key: "tiers" },
  { route: "/showcase", key: "showcase" },
  { route: "/auth/login", key: "login" },
  { route: "/auth/register", key: "register" },
  { route: "/auth/forgot-password", key: "forgotPassword" },
  { route: "/dashboard", key: "dashboard" },
  { route: "/settings", key: "settings" },
  { route: "/files", key: "files" },
  { route: "/progress", key: "progress" },
  { route: "/teams", key: "teams" },
  { route: "/chat", key: "chat" },
  { route: "/ai/command-center", key: "aiCommandCenter" },
  { route: "/ai/entity-orchestration", key: "aiEntityOrchestration" },
  { route: "/ai/autonomous-control", key: "aiAutonomousControl" },
  { route: "/monitoring", key: "monitoring" },
  { route: "/realtime", key: "realtime" },
  { route: "/alerts", key: "alerts" },
  { route: "/signals", key: "signals" },
  { route: "/consciousness", key: "consciousness" },
  { route: "/command-center", key: "commandCenter" },
  { route: "/entity-orchestration", key: "entityOrchestration" },
  { route: "/autonomous-control", key: "autonomousControl" },
  { route: "/desktop", key: "desktop" },
  { route: "/admin", key: "admin" },
  { route: "/admin/analytics", key: "adminAnalytics" },
  { route: "/admin/settings", key: "adminSettings" },
] as const satisfies readonly { route: AppRoute; key: string }[];
export type PaletteRouteKey = (typeof PALETTE_ROUTES)[number]["key"];

/** Pages only visitors need (a signed-in user is sent away from them). */
const VISITOR_ONLY = new Set<AppRoute>(["/auth/login", "/auth/register", "/auth/forgot-password"]);

/** The routes this user may open now, in the palette's order. */
export function paletteRoutesFor(
  principal: Principal | null,
  layout: LayoutClass,
): (typeof PALETTE_ROUTES)[number][] {
  return PALETTE_ROUTES.filter(({ route }) => {
    if (principal !== null && VISITOR_ONLY.has(route)) return false;
    // /desktop serves wide screens only; narrower ones are redirected away.
    if (route === "/desktop" && layout !== "desktop") return false;
    return checkAccess(principal, ROUTE_ACCESS[route]) === "allowed";
  });
}

export interface PaletteItem {
  id: string;
  kind: "page" | "action";
  label: string;
  /** Shown beside the label and searched too (the path, for pages). */
  detail?: string;
  /** Extra words that find the item (both languages' names, for instance). */
  keywords?: string;
  run: () => void;
}

function normalise(text: string): string {
  return text.toLocaleLowerCase().normalize("NFKD").replace(/\p{M}/gu, "");
}

/** Items whose label, detail or keywords contain every word typed (in any order, ignoring case and accents). */
export function filterPaletteItems(items: readonly PaletteItem[], query: string): PaletteItem[] {
  const words = normalise(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = normalise(`${item.label} ${item.detail ?? ""} ${item.keywords ?? ""}`);
    return words.every((word) => haystack.includes(word));
  });
}
