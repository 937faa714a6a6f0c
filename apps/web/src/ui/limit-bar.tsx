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

export function LimitBar({ label, valueText, percent, testId }: LimitBarProps) {
  const labelId = useId();
  const rounded = Math.round(percent);
  return (
    <div data-testid={testId}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={labelId} className="text-fg-muted">
          {label}
        </span>
        <span className="font-semibold tabular-nums text-fg">{valueText}</span>
      </div>
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
