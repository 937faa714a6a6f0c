// The progress of one file on its way up: "Uploading <name>", the percentage, and a bar labelled by that line.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { BarCaption } from "./limit-bar";
import { PercentBar } from "./progress-bar";

export function UploadProgress({
  name,
  percent,
  testId,
}: {
  name: string;
  /** 0 to 100. */
  percent: number;
  /** Prefix of the test ids: `${testId}-progress-block`, `${testId}-percent` and `${testId}-progress` (the bar). */
  testId: string;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div data-testid={`${testId}-progress-block`}>
      <BarCaption
        labelId={labelId}
        label={t("files.upload.uploading", { name })}
        value={t("files.upload.percent", { percent })}
        truncate
        valueTestId={`${testId}-percent`}
      />
      <PercentBar
        percent={percent}
        labelledBy={labelId}
        testId={`${testId}-progress`}
        trackClassName="mt-1.5 h-2 overflow-hidden rounded-full bg-surface-muted"
        fillClassName="h-full rounded-full bg-primary transition-[width]"
      />
    </div>
  );
}
