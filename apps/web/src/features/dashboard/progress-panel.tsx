// The dashboard's progress panel: rank, level, XP, tokens and streak with the XP bar (the game layer's summary).
import { useTranslation } from "react-i18next";
import { useProgress } from "../../lib/progress-query";
import { useProgressSummary } from "../../lib/use-progress-summary";
import { ButtonLink } from "../../ui/button";
import { ProgressSummary } from "../../ui/progress-summary";
import { QueryPanel } from "./dashboard-panel";

const NONE = { experience: 0, tokens: 0, consecutiveLogins: 0 };

export function ProgressPanel({ className }: { className?: string }) {
  const { t } = useTranslation();
  const progress = useProgress();
  const summary = useProgressSummary(progress.data ?? NONE);
  return (
    <QueryPanel
      section="progress"
      query={progress}
      isEmpty={false}
      className={className}
      action={
        <ButtonLink to="/progress" variant="secondary">
          {t("home.progress.open")}
        </ButtonLink>
      }
    >
      <ProgressSummary {...summary} />
    </QueryPanel>
  );
}
