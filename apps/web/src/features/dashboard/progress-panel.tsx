// The dashboard's progress panel: rank, level, XP, tokens and streak with the XP bar (the game layer's summary).
import { useTranslation } from "react-i18next";
import { useProgress } from "../../lib/progress-query";
import { useProgressSummary } from "../../lib/use-progress-summary";
import { ButtonLink } from "../../ui/button";
import { ProgressSummary } from "../../ui/progress-summary";
import { DashboardPanel, panelState } from "./dashboard-panel";

const NONE = { experience: 0, tokens: 0, consecutiveLogins: 0 };

export function ProgressPanel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const progress = useProgress();
  const summary = useProgressSummary(progress.data ?? NONE);
  return (
    <DashboardPanel
      title={t("home.progress.title")}
      testId="dashboard-progress"
      state={panelState(progress, false)}
      loadingText={t("home.progress.loading")}
      errorText={t("home.progress.error")}
      onRetry={() => void progress.refetch()}
      className={className}
      action={
        <ButtonLink to="/progress" variant="secondary">
          {t("home.progress.open")}
        </ButtonLink>
      }
    >
      <ProgressSummary {...summary} />
    </DashboardPanel>
  );
}
