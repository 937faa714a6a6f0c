// The dashboard's plan panel: the plan's facts and live usage bars against its limits (the same rows as /settings).
import { useTranslation } from "react-i18next";
import { usePlanFacts } from "../../lib/plan-facts";
import { usePlan } from "../../lib/plan-queries";
import { useUsageRows } from "../../lib/usage-rows";
import { ButtonLink } from "../../ui/button";
import { FactList } from "../../ui/fact-list";
import { LimitBar } from "../../ui/limit-bar";
import { DashboardPanel, type PanelState } from "./dashboard-panel";

export function PlanPanel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const plan = usePlan();
  const facts = usePlanFacts();
  const usage = useUsageRows();
  const state: PanelState =
    plan.isPending || usage.isPending
      ? "loading"
      : plan.isError || usage.rows.length === 0
        ? "error"
        : "ready";
  return (
    <DashboardPanel
      title={t("home.plan.title")}
      testId="dashboard-plan"
      state={state}
      loadingText={t("plan.loading")}
      errorText={t("home.plan.error")}
      onRetry={() => {
        void plan.refetch();
        usage.refetch();
      }}
      className={className}
      action={
        <ButtonLink to="/tiers#plan" variant="secondary" data-testid="dashboard-change-plan">
          {t("settings.planUsage.change")}
        </ButtonLink>
      }
    >
      {plan.data ? <FactList facts={facts(plan.data)} testId="dashboard-plan-facts" /> : null}
      <div className="grid gap-3 @xl:grid-cols-2" data-testid="dashboard-usage">
        {usage.rows.map((row) => (
          <div key={row.key}>
            <LimitBar
              label={row.label}
              valueText={row.valueText}
              percent={row.percent}
              testId={`dashboard-usage-${row.key}`}
            />
            {row.note ? <p className="mt-1 text-xs text-fg-muted">{row.note}</p> : null}
            {row.source ? (
              <p
                className="mt-0.5 text-xs text-fg-muted"
                data-testid={`dashboard-usage-${row.key}-source`}
              >
                {row.source}
              </p>
            ) : null}
          </div>
        ))}
      </div>
    </DashboardPanel>
  );
}
