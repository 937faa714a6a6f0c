// A labelled determinate progress bar (start-up, any long task), announced through role="progressbar".

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
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      data-testid={testId}
      className="h-2.5 w-full overflow-hidden rounded-full bg-surface-muted"
    >
      <div
        className="h-full rounded-full bg-accent transition-[width] duration-300"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
