// The XP history chart: cumulative XP over time as a hand-drawn, responsive SVG (role="img" with a title and a
// description), and the same numbers as a visually hidden table for screen readers.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useDateFormat } from "../../lib/format-date";
import { useFormatters } from "../../lib/use-language";
import type { LedgerHistory } from "./api";
import { type ChartBox, niceMax, placePoints, type XpPoint, xpPoints } from "./xp-history";

const LEDGER_SOURCES = [
  "start",
  "dailySignIn",
  "dailyBonus",
  "apiCall",
  "universeCreated",
  "entityCreated",
  "chatMessage",
  "commandRun",
  "knowledgeFileAdded",
  "worldUpgrade",
  "quest",
  "event",
] as const;

function isLedgerSource(source: string): source is (typeof LEDGER_SOURCES)[number] {
  return LEDGER_SOURCES.some((known) => known === source);
}

const BOX: ChartBox = { width: 640, height: 260, left: 56, right: 16, top: 16, bottom: 40 };

export function XpChart({ history }: { history: LedgerHistory }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const date = useDateFormat();
  const titleId = useId();
  const descId = useId();
  const points = xpPoints(history);
  // The server's reasons are English: each entry is shown by its source, a source the web does not know as sent.
  const reasonText = (point: XpPoint) =>
    isLedgerSource(point.source) ? t(`progress.sources.${point.source}`) : point.reason;

  if (points.length === 0) {
    return (
      <p className="text-fg-muted" data-testid="xp-chart-empty">
        {t("progress.chart.empty")}
      </p>
    );
  }

  const first = points[0];
  const last = points[points.length - 1];
  const yMax = niceMax(Math.max(...points.map((point) => point.total)));
  const placed = placePoints(points, BOX, yMax);
  const baseline = BOX.height - BOX.bottom;
  const line = placed
    .map((point, index) => `${index === 0 ? "M" : "L"}${point.x},${point.y}`)
    .join(" ");
  const startX = placed[0]?.x ?? BOX.left;
  const endX = placed[placed.length - 1]?.x ?? BOX.left;
  const area = `${line} L${endX},${baseline} L${startX},${baseline} Z`;
  const ticks = [0, yMax / 2, yMax];

  return (
    <figure data-testid="xp-chart" data-points={points.length}>
      {/* Time runs left to right in Hebrew too (the usual reading of a time axis); the labels keep their own direction. */}
      <div dir="ltr">
        <svg
          viewBox={`0 0 ${BOX.width} ${BOX.height}`}
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          className="h-auto w-full overflow-visible"
        >
          <title id={titleId}>{t("progress.chart.title")}</title>
          <desc id={descId}>
            {t("progress.chart.description", {
              entries: format.number(points.length),
              count: points.length,
              from: first ? date(new Date(first.at).toISOString()) : "",
              to: last ? date(new Date(last.at).toISOString()) : "",
              total: format.number(last?.total ?? 0),
            })}
          </desc>
          {ticks.map((tick) => {
            const y = BOX.top + (1 - tick / yMax) * (baseline - BOX.top);
            return (
              <g key={tick}>
                <line
                  x1={BOX.left}
                  x2={BOX.width - BOX.right}
                  y1={y}
                  y2={y}
                  className="stroke-border"
                  strokeDasharray={tick === 0 ? undefined : "4 4"}
                />
                <text
                  x={BOX.left - 8}
                  y={y}
                  textAnchor="end"
                  dominantBaseline="middle"
                  className="fill-fg-muted text-[13px] max-sm:text-[22px] tabular-nums"
                >
                  {format.number(tick)}
                </text>
              </g>
            );
          })}
          <path d={area} className="fill-primary/15" />
          {placed.length > 1 ? (
            <path
              d={line}
              fill="none"
              className="stroke-primary"
              strokeWidth={2.5}
              strokeLinejoin="round"
            />
          ) : null}
          {placed.map((point) => (
            <circle
              key={point.id}
              cx={point.x}
              cy={point.y}
              r={placed.length > 40 ? 2 : 4}
              className="fill-surface stroke-primary"
              strokeWidth={2}
              data-testid="xp-chart-point"
            />
          ))}
          {first ? (
            <text
              x={placed.length === 1 ? startX : BOX.left}
              y={BOX.height - 12}
              textAnchor={placed.length === 1 ? "middle" : "start"}
              className="fill-fg-muted text-[13px] max-sm:text-[22px]"
            >
              {date(new Date(first.at).toISOString())}
            </text>
          ) : null}
          {last && placed.length > 1 ? (
            <text
              x={BOX.width - BOX.right}
              y={BOX.height - 12}
              textAnchor="end"
              className="fill-fg-muted text-[13px] max-sm:text-[22px]"
            >
              {date(new Date(last.at).toISOString())}
            </text>
          ) : null}
        </svg>
      </div>
      <figcaption className="mt-2 text-sm text-fg-muted" data-testid="xp-chart-caption">
        {history.xpBefore > 0 || history.items.length < history.total
          ? t("progress.chart.latest", {
              shown: format.number(points.length),
              total: format.number(history.total),
            })
          : t("progress.chart.all", { total: format.number(history.total), count: history.total })}
      </figcaption>
      {/* A table cannot shrink below its content, so the hiding box wraps it (else it widens the page). */}
      <div className="sr-only">
        <table data-testid="xp-chart-table">
          <caption>{t("progress.chart.tableCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("progress.chart.when")}</th>
              <th scope="col">{t("progress.chart.reason")}</th>
              <th scope="col">{t("progress.chart.gained")}</th>
              <th scope="col">{t("progress.chart.total")}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.id}>
                <td>{date(new Date(point.at).toISOString())}</td>
                <td>{reasonText(point)}</td>
                <td>{format.number(point.xp)}</td>
                <td>{format.number(point.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
