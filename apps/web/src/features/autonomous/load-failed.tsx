// The autonomous screen's "could not load" line with its retry, under the rules and under the run history.
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-error">
      {t("autonomous.loadFailed")}
      <Button variant="secondary" onClick={onRetry}>
        {t("autonomous.retry")}
      </Button>
    </div>
  );
}
