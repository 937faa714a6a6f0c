// A line chart over the report's buckets, drawn by uPlot on a canvas. uPlot sets sizes through the CSSOM (allowed by
// the strict style-src 'self' policy) and its stylesheet is bundled, so nothing inline is injected. The canvas is
// hidden from assistive tech: the figure carries a text summary and each section has a table view.
import "uplot/dist/uPlot.min.css";
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import { useTheme } from "../../lib/theme";
import { bucketSeconds, thin } from "./chart-data";

export interface ChartSeries {
  label: string;
  values: readonly number[];
  /** A theme colour variable, e.g. "--aacos-primary". */
  color: string;
  dashed?: boolean;
}

const WHOLE_STEPS = [1, 2, 5]
  .flatMap((step) => [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8].map((scale) => step * scale))
  .sort((a, b) => a - b);

function themeColor(name: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === "" ? "#8b5cf6" : value;
}

export function TimeChart({
  buckets,
  series,
  summary,
  formatValue,
  formatBucket,
  xLabel,
  testId,
  height = 240,
}: {
  buckets: readonly string[];
  series: readonly ChartSeries[];
  /** What the chart shows, in words (its text alternative). */
  summary: string;
  formatValue: (value: number) => string;
  formatBucket: (bucket: string) => string;
  /** The legend's name for the x values ("Period"). */
  xLabel: string;
  testId?: string;
  height?: number;
}) {
  const holder = useRef<HTMLDivElement>(null);
  // Colours are read from the theme when drawing: a theme switch draws the chart again.
  const { resolved: theme } = useTheme();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `theme` is read through CSS variables, not by value
  useEffect(() => {
    const element = holder.current;
    if (element === null) return;
    const text = themeColor("--aacos-text-muted");
    const grid = themeColor("--aacos-border");
    const axis: uPlot.Axis = {
      stroke: text,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
    };
    const byDate = new Map(bucketSeconds(buckets).map((seconds, i) => [seconds, buckets[i] ?? ""]));
    const options: uPlot.Options = {
      width: Math.max(280, element.clientWidth),
      height,
      // Buckets are UTC days: read the x values in UTC, whatever the browser's zone.
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false } },
      scales: { y: { range: (_u, _min, max) => [0, max > 0 ? Math.ceil(max * 1.1) : 5] } },
      axes: [
        {
          ...axis,
          values: (_u, splits) =>
            splits.map((seconds) => {
              const bucket = byDate.get(seconds);
              return bucket === undefined ? "" : formatBucket(bucket);
            }),
          splits: () => bucketSeconds(thin(buckets, Math.floor(element.clientWidth / 90))),
        },
        {
          ...axis,
          size: 64,
          // Whole steps only: counts and whole-dollar prices never need a fractional tick.
          incrs: WHOLE_STEPS,
          values: (_u, splits) => splits.map((v) => formatValue(v)),
        },
      ],
      series: [
        {
          label: xLabel,
          // At rest (no cursor) the legend shows the last period's figures.
          value: (_u, seconds) => {
            const bucket = seconds === null ? buckets.at(-1) : byDate.get(seconds);
            return bucket === undefined ? "" : formatBucket(bucket);
          },
        },
        ...series.map((line) => ({
          label: line.label,
          stroke: themeColor(line.color),
          width: 2,
          dash: line.dashed ? [6, 4] : undefined,
          points: { show: buckets.length <= 45 },
          value: (_u: uPlot, value: number | null) => {
            const shown = value ?? line.values.at(-1);
            return shown === undefined ? "—" : formatValue(shown);
          },
        })),
      ],
    };
    const data: uPlot.AlignedData = [
      bucketSeconds(buckets),
      ...series.map((line) => [...line.values]),
    ];
    const plot = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => {
      plot.setSize({ width: Math.max(280, element.clientWidth), height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [buckets, series, height, formatValue, formatBucket, xLabel, theme]);

  return (
    <figure data-testid={testId} data-points={buckets.length}>
      <div dir="ltr" ref={holder} aria-hidden="true" className="analytics-chart w-full" />
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}
