// A live line chart as hand-made SVG: points over a fixed time window, one path (cheap to redraw once a second),
// role="img" with a title and the latest value as its description. Texts come as props.
import { memo, useId } from "react";

export interface ChartPoint {
  /** Milliseconds since the epoch. */
  at: number;
  value: number;
}

const W = 600;
const H = 180;
const PAD = { left: 40, right: 8, top: 10, bottom: 20 };

/** The path of `points` within [from, to] × [0, max]. */
export function linePath(
  points: readonly ChartPoint[],
  from: number,
  to: number,
  max: number,
): string {
  const span = Math.max(1, to - from);
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  let path = "";
  for (const point of points) {
    if (point.at < from || point.at > to) continue;
    const x = PAD.left + ((point.at - from) / span) * innerW;
    const y = PAD.top + (1 - Math.min(max, Math.max(0, point.value)) / max) * innerH;
    path += `${path === "" ? "M" : "L"}${x.toFixed(1)},${y.toFixed(1)}`;
  }
  return path;
}

export const LiveLineChart = memo(function LiveLineChart({
  title,
  description,
  points,
  from,
  to,
  max = 100,
  unit = "%",
  testId,
}: {
  title: string;
  description: string;
  points: readonly ChartPoint[];
  from: number;
  to: number;
  max?: number;
  unit?: string;
  testId?: string;
}) {
  const titleId = useId();
  const descId = useId();
  const path = linePath(points, from, to, max);
  const ticks = [0, max / 2, max];
  const innerH = H - PAD.top - PAD.bottom;
  return (
    <figure data-testid={testId} data-points={points.length}>
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
          {ticks.map((tick) => {
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
                  {`${tick}${unit}`}
                </text>
              </g>
            );
          })}
          {path === "" ? null : (
            <path
              d={path}
              fill="none"
              className="stroke-accent"
              strokeWidth={2}
              strokeLinejoin="round"
            />
          )}
        </svg>
      </div>
    </figure>
  );
});
