// /dashboard: the signed-in user's plan, live usage against it and stored files; the rest of the dashboard (universes,
// XP, quests, activity) is still to come, and the screen says so instead of showing invented numbers.
import { useTranslation } from "react-i18next";
import { useAuthStore } from "../../lib/auth-store";
import { useByteFormat } from "../../lib/format-bytes";
import { usePlanFacts } from "../../lib/plan-facts";
import { usePlan } from "../../lib/plan-queries";
import { useUsageRows } from "../../lib/usage-rows";
import { ButtonLink } from "../../ui/button";
import { Card } from "../../ui/card";
import { FactList } from "../../ui/fact-list";
import { FormAlert } from "../../ui/form-alert";
import { Loader } from "../../ui/loader";
import { PageHeading } from "../../ui/page-heading";
import { UsagePanel } from "../../ui/usage-panel";

export function DashboardScreen() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const plan = usePlan();
  const facts = usePlanFacts();
  const usage = useUsageRows();
  const bytes = useByteFormat();
  if (!user) return null;
  const files = usage.files;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10" data-testid="dashboard">
      <PageHeading
        title={t("dashboard.title")}
        lead={t("dashboard.lead", { name: user.displayName || user.username })}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="flex flex-col gap-4 lg:col-span-2" data-testid="dashboard-plan">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 className="text-xl font-bold text-fg">{t("dashboard.plan")}</h2>
            <ButtonLink to="/tiers#plan" variant="secondary" data-testid="dashboard-change-plan">
              {t("settings.planUsage.change")}
            </ButtonLink>
          </div>
          {plan.isPending ? (
            <Loader message={t("plan.loading")} />
          ) : plan.isError ? (
            <FormAlert>{t("plan.loadError")}</FormAlert>
          ) : (
            <FactList facts={facts(plan.data)} testId="dashboard-plan-facts" />
          )}
        </Card>
        <Card className="flex flex-col gap-3" data-testid="dashboard-files">
          <h2 className="text-xl font-bold text-fg">{t("dashboard.files")}</h2>
          {files === undefined ? (
            usage.isPending ? (
              <Loader message={t("files.loading")} />
            ) : (
              <FormAlert>{t("files.loadError")}</FormAlert>
            )
          ) : files.items.length === 0 ? (
            <p className="text-fg-muted" data-testid="dashboard-files-empty">
              {t("dashboard.filesEmpty")}
            </p>
          ) : (
            <p className="text-fg" data-testid="dashboard-files-summary">
              {t("dashboard.filesSummary", {
                count: files.items.length,
                size: bytes(files.usedBytes),
              })}
            </p>
          )}
          <ButtonLink
            to="/files"
            variant="secondary"
            className="mt-auto"
            data-testid="dashboard-files-link"
          >
            {t("dashboard.openFiles")}
          </ButtonLink>
        </Card>
        <Card className="lg:col-span-3">
          {usage.isPending ? (
            <Loader message={t("usage.loading")} />
          ) : usage.rows.length === 0 ? (
            <FormAlert testId="usage-error">{t("usage.loadError")}</FormAlert>
          ) : (
            <UsagePanel title={t("usage.title")} rows={usage.rows} headingLevel={2} />
          )}
        </Card>
        <Card className="lg:col-span-3" data-testid="dashboard-coming">
          <h2 className="text-sm font-bold text-fg-muted">{t("placeholders.plannedLabel")}</h2>
          <p className="mt-2 text-fg">{t("dashboard.coming")}</p>
        </Card>
      </div>
    </div>
  );
}
