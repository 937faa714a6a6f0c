// Determinate progress bars announced through role="progressbar": the bare track and fill every bar draws
// (PercentBar, which limit-bar and upload-progress use too), and the labelled one of start-up or any long task.

/** A track filled to `percent` (0 to 100, already rounded); named by `label` or by the element `labelledBy`. */
export function PercentBar({
  percent,
  label,
  labelledBy,
  valueText,
  testId,
  trackClassName,
  fillClassName,
}: {
  percent: number;
  label?: string;
  labelledBy?: string;
  /** Read out instead of the bare number. */
  valueText?: string;
  testId?: string;
  trackClassName: string;
  fillClassName: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      data-testid={testId}
      className={trackClassName}
    >
      <div className={fillClassName} style={{ width: `${percent}%` }} />
    </div>
  );
}

export function ProgressBar({
  value,
  label,
  valueText,
  testId,
}: {
  /** 0 to 100. */
  value: number;
  label: string;
  /** What the bar is doing now, read out instead of the bare number. */
  valueText?: string;
  testId?: string;
}) {
  return (
    <PercentBar
      percent={Math.min(100, Math.max(0, Math.round(value)))}
      label={label}
      valueText={valueText}
      testId={testId}
      trackClassName="h-2.5 w-full overflow-hidden rounded-full bg-surface-muted"
      fillClassName="h-full rounded-full bg-accent transition-[width] duration-300"
    />
  );
}
