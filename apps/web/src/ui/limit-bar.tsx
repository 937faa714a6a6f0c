// A labelled resource-limit bar: the value as text and a bar filled to a percentage the caller computes.
import { useId } from "react";
import { PercentBar } from "./progress-bar";

interface LimitBarProps {
  label: string;
  valueText: string;
  /** 0..100, from the domain's limitBarPercent. */
  percent: number;
  testId?: string;
}

/** The line over a bar: what it measures (the bar's name, by `labelId`) at the start, its value at the end. */
export function BarCaption({
  labelId,
  label,
  value,
  truncate = false,
  valueTestId,
}: {
  labelId: string;
  label: string;
  value: string;
  /** A long label (a file name) is cut to one line. */
  truncate?: boolean;
  valueTestId?: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3 text-sm">
      <span id={labelId} className={truncate ? "truncate text-fg-muted" : "text-fg-muted"}>
        {label}
      </span>
      <span className="font-semibold tabular-nums text-fg" data-testid={valueTestId}>
        {value}
      </span>
    </div>
  );
}

export function LimitBar({ label, valueText, percent, testId }: LimitBarProps) {
  const labelId = useId();
  const rounded = Math.round(percent);
  return (
    <div data-testid={testId}>
      <BarCaption labelId={labelId} label={label} value={valueText} />
      <PercentBar
        percent={rounded}
        labelledBy={labelId}
        valueText={valueText}
        trackClassName="mt-1.5 h-2 overflow-hidden rounded-full bg-surface-muted"
        fillClassName="h-full rounded-full bg-linear-to-r from-primary to-info rtl:bg-linear-to-l"
      />
    </div>
  );
}
