// A progress summary: a row of labelled figures, a labelled bar and a line under it (the game layer's panel body).
import { LimitBar } from "./limit-bar";

export interface SummaryFigure {
  key: string;
  label: string;
  value: string;
}

export function ProgressSummary({
  figures,
  barLabel,
  barValueText,
  barPercent,
  footnote,
}: {
  figures: readonly SummaryFigure[];
  barLabel: string;
  barValueText: string;
  /** 0..100 */
  barPercent: number;
  /** Under the bar, e.g. "250 XP to Explorer". */
  footnote?: string;
}) {
  return (
    <>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-5">
        {figures.map((figure) => (
          <div key={figure.key} data-testid={`progress-${figure.key}`}>
            <dt className="text-sm text-fg-muted">{figure.label}</dt>
            <dd className="text-xl font-bold tabular-nums text-fg">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4">
        <LimitBar
          label={barLabel}
          valueText={barValueText}
          percent={barPercent}
          testId="experience-bar"
        />
        {footnote ? (
          <p className="mt-2 text-sm text-fg-muted" data-testid="progress-next-rank">
            {footnote}
          </p>
        ) : null}
      </div>
    </>
  );
}
