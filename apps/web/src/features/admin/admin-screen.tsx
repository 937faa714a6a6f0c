// /admin: the admin console, one tab per job (users, teams, mail outbox, error reports, failed jobs, security
// incidents, audit log); the open tab lives in the address (`/admin?tab=audit`) and the tab list follows the ARIA tabs
// pattern.
import { ADMIN_TABS, type AdminTab, adminTabOf } from "@aacos/domain/admin-console";
import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageHeading } from "../../ui/page-heading";
import { AuditTab } from "./audit-tab";
import { AdminTestModeNotice, BillingTab } from "./billing-tab";
import { DeadLettersTab } from "./dead-letters-tab";
import { ErrorsTab } from "./errors-tab";
import { IncidentsTab } from "./incidents-tab";
import { OutboxTab } from "./outbox-tab";
import { TeamsTab } from "./teams-tab";
import { UsersTable } from "./users-table";

const PANELS: Record<AdminTab, () => ReactNode> = {
  users: () => <UsersTable />,
  teams: () => <TeamsTab />,
  billing: () => <BillingTab />,
  outbox: () => <OutboxTab />,
  errors: () => <ErrorsTab />,
  jobs: () => <DeadLettersTab />,
  incidents: () => <IncidentsTab />,
  audit: () => <AuditTab />,
};

export function AdminScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = adminTabOf(params.get("tab"));
  const buttons = useRef(new Map<AdminTab, HTMLButtonElement>());

  const open = (next: AdminTab, focus = false) => {
    // Another tab's filters do not carry over.
    setParams(next === "users" ? {} : { tab: next });
    if (focus) buttons.current.get(next)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // From the focused tab, not the rendered one: a navigation may still be rendering when the next key comes.
    const focused = ADMIN_TABS.findIndex((name) => buttons.current.get(name) === event.target);
    const index = focused >= 0 ? focused : ADMIN_TABS.indexOf(tab);
    // Arrow keys follow what the eye sees: in right-to-left, the left arrow goes to the next tab.
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: AdminTab | undefined;
    if (step !== undefined) {
      next = ADMIN_TABS[(index + step + ADMIN_TABS.length) % ADMIN_TABS.length];
    } else if (event.key === "Home") next = ADMIN_TABS[0];
    else if (event.key === "End") next = ADMIN_TABS.at(-1);
    if (next === undefined) return;
    event.preventDefault();
    open(next, true);
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10" data-testid="admin">
      <PageHeading title={t("adminConsole.title")} lead={t("adminConsole.lead")} />
      <AdminTestModeNotice />
      <div
        role="tablist"
        aria-label={t("adminConsole.tabsLabel")}
        className="mb-6 flex flex-wrap gap-2 border-b border-border pb-3"
        onKeyDown={onKeyDown}
        data-testid="admin-tabs"
      >
        {ADMIN_TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              if (element) buttons.current.set(name, element);
              else buttons.current.delete(name);
            }}
            type="button"
            role="tab"
            id={`admin-tab-${name}`}
            aria-controls={`admin-panel-${name}`}
            aria-selected={tab === name}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => open(name)}
            data-testid={`admin-tab-${name}`}
            className={`rounded-xl px-4 py-2 text-sm font-semibold ${
              tab === name
                ? "bg-accent text-on-accent"
                : "border border-border bg-surface text-fg hover:bg-surface-muted"
            }`}
          >
            {t(`adminConsole.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`admin-panel-${tab}`}
        aria-labelledby={`admin-tab-${tab}`}
        data-testid={`admin-panel-${tab}`}
      >
        {PANELS[tab]()}
      </div>
    </div>
  );
}
