// The header's "All screens" menu for signed-in users: every screen they may open (the palette's route list filtered
// by the access rules), grouped by area, so nothing is reachable only through the command palette.

import { layoutClassForWidth } from "@aacos/domain/device";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useAuthStore } from "../lib/auth-store";
import { Icon } from "../ui/icon";
import { usePopover } from "../ui/use-popover";
import { type PALETTE_ROUTES, paletteRoutesFor } from "./palette-items";

type PaletteRoute = (typeof PALETTE_ROUTES)[number];

export const MENU_GROUPS = ["workspace", "live", "operations", "admin"] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** Which group a route belongs to; a route not named here is part of the workspace. */
const GROUP_OF: Partial<Record<string, MenuGroup>> = {
  "/monitoring": "live",
  "/realtime": "live",
  "/alerts": "live",
  "/signals": "live",
  "/consciousness": "live",
  "/ai/entity-orchestration": "operations",
  "/ai/autonomous-control": "operations",
  "/admin": "admin",
  "/admin/analytics": "admin",
  "/admin/settings": "admin",
};

/** Public pages and the duplicate short paths stay out of the menu (the header and the palette carry them). */
const LEFT_OUT = new Set<string>([
  "/",
  "/tiers",
  "/showcase",
  "/command-center",
  "/entity-orchestration",
  "/autonomous-control",
]);

/** The routes of each group this user may open, in the palette's order; empty groups are dropped. */
export function menuGroups(routes: readonly PaletteRoute[]): [MenuGroup, PaletteRoute[]][] {
  return MENU_GROUPS.map((group): [MenuGroup, PaletteRoute[]] => [
    group,
    routes.filter(
      ({ route }) => !LEFT_OUT.has(route) && (GROUP_OF[route] ?? "workspace") === group,
    ),
  ]).filter(([, items]) => items.length > 0);
}

const GROUP_HEADING = "pb-1 text-xs font-bold uppercase tracking-wide text-fg-muted";

/** Each group as a section headed by its name, with a list of its routes; `renderLink` draws one route's link. */
export function MenuGroupSections({
  groups,
  idPrefix,
  headingClassName,
  listClassName,
  renderLink,
}: {
  groups: readonly [MenuGroup, readonly PaletteRoute[]][];
  idPrefix: string;
  headingClassName?: string;
  listClassName?: string;
  renderLink: (item: PaletteRoute, label: string) => ReactNode;
}) {
  const { t } = useTranslation();
  return groups.map(([group, items]) => (
    <section key={group} aria-labelledby={`${idPrefix}-${group}`}>
      <h2
        id={`${idPrefix}-${group}`}
        className={headingClassName ? `${headingClassName} ${GROUP_HEADING}` : GROUP_HEADING}
      >
        {t(`shell.nav.groups.${group}`)}
      </h2>
      <ul className={listClassName}>
        {items.map((item) => (
          <li key={item.route}>{renderLink(item, t(`palette.routes.${item.key}`))}</li>
        ))}
      </ul>
    </section>
  ));
}

const ITEM =
  "block rounded-lg px-3 py-2 text-sm font-semibold text-fg hover:bg-surface-muted focus:bg-surface-muted focus:outline-none";

export function WorkspaceMenu() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const location = useLocation();
  const { open, containerRef, buttonProps, panelId } = usePopover();

  if (user === null) return null;
  const groups = menuGroups(paletteRoutesFor(user, layoutClassForWidth(window.innerWidth)));

  return (
    <div className="relative" ref={containerRef}>
      <button
        {...buttonProps}
        data-testid="workspace-menu-button"
        className="inline-flex items-center gap-1 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold text-fg-muted hover:text-fg"
      >
        {t("shell.nav.more")}
        <Icon name="chevronDown" className="size-4" />
      </button>
      {open ? (
        <div
          id={panelId}
          data-testid="workspace-menu"
          className="absolute start-0 top-full z-40 mt-2 grid w-[min(90vw,36rem)] gap-3 rounded-2xl border border-border bg-surface p-3 shadow-card sm:grid-cols-2"
        >
          <MenuGroupSections
            groups={groups}
            idPrefix={panelId}
            headingClassName="px-3"
            renderLink={({ route, key }, label) => (
              <Link
                to={route}
                className={ITEM}
                data-testid={`workspace-menu-${key}`}
                aria-current={location.pathname === route ? "page" : undefined}
              >
                {label}
              </Link>
            )}
          />
        </div>
      ) : null}
    </div>
  );
}
