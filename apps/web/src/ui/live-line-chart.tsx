// A live line chart drawn by uPlot on a canvas: the plot is built once (and again on a theme change) and each new
// point only replaces its data and moves the time window, which keeps a point a second smooth. uPlot sizes through the
// CSSOM, so the strict style policy holds. For assistive tech the figure is an image with a title and the latest
// value as its description; the canvas itself is hidden. Texts come as props.
import "uplot/dist/uPlot.min.css";
import { memo, useEffect, useId, useRef } from "react";
import uPlot from "uplot";
import { useTheme } from "../lib/theme";

export interface ChartPoint {
  /** Milliseconds since the epoch. */
  at: number;
  value: number;
}

const HEIGHT = 180;

/** The points within [from, to] as uPlot's aligned data: seconds on x, values clamped to [0, max] on y. */
export function chartData(
  points: readonly ChartPoint[],
  from: number,
  to: number,
  max: number,
): [number[], number[]] {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const point of points) {
    if (point.at < from || point.at > to) continue;
    xs.push(point.at / 1000);
    ys.push(Math.min(max, Math.max(0, point.value)));
  }
  return [xs, ys];
}

/** Whether this browser draws on a canvas (jsdom does not); without one the figure keeps its title and description. */
function canDraw(): boolean {
  try {
    return document.createElement("canvas").getContext("2d") !== null;
  } catch {
    return false;
  }
}

function themeColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === "" ? fallback : value;
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
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const { resolved: theme } = useTheme();
  // The latest props, read when the plot is (re)built.
  const latest = useRef({ points, from, to, max });
  latest.current = { points, from, to, max };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `theme` is read through CSS variables, not by value
  useEffect(() => {
    const element = holder.current;
    if (element === null || !canDraw()) return;
    const text = themeColor("--aacos-text-muted", "#6b7280");
    const grid = themeColor("--aacos-border", "#e5e7eb");
    const axis: uPlot.Axis = {
      stroke: text,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
    };
    const { points: now, from: start, to: end, max: top } = latest.current;
    const created = new uPlot(
      {
        width: Math.max(240, element.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: true, range: () => [latest.current.from / 1000, latest.current.to / 1000] },
          y: { range: () => [0, latest.current.max] },
        },
        axes: [
          {
            ...axis,
            space: 70,
            // One line per tick, in the page's language (uPlot's default adds a second date line that overlaps).
            values: (_u, splits) =>
              splits.map((seconds) =>
                new Date(seconds * 1000).toLocaleTimeString(document.documentElement.lang || "he", {
                  hour: "2-digit",
                  minute: "2-digit",
                  second: "2-digit",
                }),
              ),
          },
          { ...axis, size: 48, values: (_u, splits) => splits.map((v) => `${v}${unit}`) },
        ],
        series: [
          {},
          { stroke: themeColor("--aacos-primary", "#8b5cf6"), width: 2, points: { show: false } },
        ],
      },
      chartData(now, start, end, top),
      element,
    );
    plot.current = created;
    const resize = new ResizeObserver(() => {
      created.setSize({ width: Math.max(240, element.clientWidth), height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      created.destroy();
      plot.current = null;
    };
  }, [theme, unit]);

  // A new point: new data and a moved window, no new plot.
  useEffect(() => {
    plot.current?.setData(chartData(points, from, to, max));
  }, [points, from, to, max]);

  return (
    <figure
      data-testid={testId}
      data-points={points.length}
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descId}
    >
      <svg className="sr-only" aria-hidden="true">
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
      </svg>
      <div dir="ltr" ref={holder} aria-hidden="true" className="w-full" />
    </figure>
  );
});
