// /dashboard, the user's home: quick actions, plan and usage, progress, recent activity, universes and open alerts,
// each panel with its own loading, empty and error state. The layout follows its container, so the same screen fits
// a /desktop panel and the mobile shell.
import { useTranslation } from "react-i18next";
import { useAuthStore } from "../../lib/auth-store";
import { PageHeading } from "../../ui/page-heading";
import { ActivityPanel } from "./activity-panel";
import { AlertsPanel } from "./alerts-panel";
import { PlanPanel } from "./plan-panel";
import { ProgressPanel } from "./progress-panel";
import { QuickActions } from "./quick-actions";
import { UniversesPanel } from "./universes-panel";

export function DashboardScreen() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  return (
    <div className="@container mx-auto w-full max-w-6xl px-4 py-8" data-testid="dashboard">
      <PageHeading
        title={t("home.title")}
        lead={t("home.lead", { name: user.displayName || user.username })}
      />
      <div className="flex flex-col gap-6">
        <QuickActions />
        <div className="grid gap-6 @3xl:grid-cols-2">
          <PlanPanel />
          <ProgressPanel />
          <ActivityPanel />
          <div className="flex flex-col gap-6">
            <UniversesPanel />
            <AlertsPanel />
          </div>
        </div>
      </div>
    </div>
  );
}
