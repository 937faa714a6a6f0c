// Bars as hand-made SVG (no script-injected styles): vertical bars over buckets, and a ranked horizontal list.
// Each is an image with a title and a text description; the section's table view has the numbers.
import { useId } from "react";

const W = 600;
const H = 200;
const PAD = { left: 44, right: 8, top: 10, bottom: 24 };

export function BucketBars({
  title,
  description,
  labels,
  values,
  formatValue,
  testId,
}: {
  title: string;
  description: string;
  labels: readonly string[];
  values: readonly number[];
  formatValue: (value: number) => string;
  testId?: string;
}) {
  const titleId = useId();
  const descId = useId();
  const max = Math.max(1, ...values);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, values.length);
  const labelEvery = Math.max(1, Math.ceil(values.length / 8));
  return (
    <figure data-testid={testId} data-points={values.length}>
      <div dir="ltr">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          className="h-auto w-full"
        >
          <title id={titleId}>{title}</title>
          <desc id={descId}>{description}</desc>
          {[0, max / 2, max].map((tick) => {
            const y = PAD.top + (1 - tick / max) * innerH;
            return (
              <g key={tick}>
                <line
                  x1={PAD.left}
                  x2={W - PAD.right}
                  y1={y}
                  y2={y}
                  className="stroke-border"
                  strokeWidth={1}
                />
                <text
                  x={PAD.left - 6}
                  y={y + 4}
                  textAnchor="end"
                  className="fill-fg-muted text-[11px]"
                >
                  {formatValue(Math.round(tick))}
                </text>
              </g>
            );
          })}
          {values.map((value, index) => {
            const height = (value / max) * innerH;
            const x = PAD.left + index * slot + slot * 0.15;
            return (
              <g key={labels[index] ?? index}>
                <rect
                  x={x}
                  y={PAD.top + innerH - height}
                  width={Math.max(1, slot * 0.7)}
                  height={height}
                  rx={2}
                  className="fill-primary"
                />
                {index % labelEvery === 0 ? (
                  <text
                    x={x + (slot * 0.7) / 2}
                    y={H - 6}
                    textAnchor="middle"
                    className="fill-fg-muted text-[10px]"
                  >
                    {labels[index]}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
    </figure>
  );
}

/** A ranked list with a bar per item, widest first; the numbers are text, the bars decoration. */
export function RankedBars({
  items,
  formatValue,
  testId,
}: {
  items: readonly { key: string; label: string; value: number }[];
  formatValue: (value: number) => string;
  testId?: string;
}) {
  const max = Math.max(1, ...items.map((item) => item.value));
  return (
    <ol className="flex flex-col gap-2" data-testid={testId}>
      {items.map((item) => (
        <li
          key={item.key}
          className="grid grid-cols-[minmax(8rem,14rem)_1fr_auto] items-center gap-3"
        >
          <span className="truncate text-sm text-fg" title={item.label}>
            {item.label}
          </span>
          <svg
            viewBox="0 0 100 8"
            preserveAspectRatio="none"
            aria-hidden="true"
            className="h-3 w-full rtl:-scale-x-100"
          >
            <rect x={0} y={0} width={100} height={8} rx={2} className="fill-surface-muted" />
            <rect
              x={0}
              y={0}
              width={(item.value / max) * 100}
              height={8}
              rx={2}
              className="fill-primary"
            />
          </svg>
          <span className="text-sm font-semibold tabular-nums text-fg">
            {formatValue(item.value)}
          </span>
        </li>
      ))}
    </ol>
  );
}
