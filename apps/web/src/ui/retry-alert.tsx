// A failed load's alert with the button that asks again: beside it on one line, or under it (`stacked`).
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";
import { FormAlert } from "./form-alert";

export function RetryAlert({
  message,
  onRetry,
  retryLabel,
  stacked = false,
  testId,
  className = "",
}: {
  message: ReactNode;
  onRetry: () => void;
  /** The button's text in place of "common.retry". */
  retryLabel?: string;
  stacked?: boolean;
  /** The alert's test id. */
  testId?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const layout = stacked ? "flex flex-col items-start gap-2" : "flex flex-wrap items-center gap-3";
  return (
    <div className={`${layout} ${className}`.trim()}>
      <FormAlert testId={testId}>{message}</FormAlert>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel ?? t("common.retry")}
      </Button>
    </div>
  );
}
