// /monitoring and /realtime: live CPU and memory charts (GET /api/metrics/system once, then the `metrics` topic),
// request rate and p95 latency tiles, the connection, pause and the time range over the samples held in memory.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { liveLoadFailure } from "../../lib/messages";
import { OutcomeLine } from "../../lib/outcome-line";
import { realtime } from "../../lib/realtime";
import { useFormatters } from "../../lib/use-language";
import { useRealtimeIndicator } from "../../lib/use-realtime-indicator";
import { Card } from "../../ui/card";
import { type ChartPoint, LiveLineChart } from "../../ui/live-line-chart";
import { LiveToolbar } from "../../ui/live-toolbar";
import { PageHeading } from "../../ui/page-heading";
import { monitoringApi, monitoringKeys } from "./api";
import {
  addSamples,
  type MetricSample,
  RANGES_MINUTES,
  type RangeMinutes,
  sampleOfMessage,
} from "./metric-samples";

export function MonitoringScreen({
  variant,
  defaultRange,
}: {
  variant: "monitoring" | "realtime";
  defaultRange: RangeMinutes;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const live = useRealtimeIndicator();
  const [samples, setSamples] = useState<MetricSample[]>([]);
  const [range, setRange] = useState<RangeMinutes>(defaultRange);
  const [paused, setPaused] = useState(false);
  /** The end of the shown window: frozen while paused. */
  const [now, setNow] = useState(() => Date.now());
  const pausedRef = useRef(false);
  const held = useRef<MetricSample[]>([]);

  const system = useQuery({
    queryKey: monitoringKeys.system,
    queryFn: ({ signal }) => monitoringApi.system(signal),
  });
  const requests = system.data?.requests ?? null;
  const error = system.isError ? liveLoadFailure(t, system.error) : null;
  // The samples the server holds join those the socket brings.
  useEffect(() => {
    if (system.data === undefined) return;
    const initial = system.data.samples
      .map((s) => ({
        at: Date.parse(s.at),
        cpuPercent: s.cpuPercent,
        memoryPercent: s.memory.percentage,
      }))
      .filter((s) => !Number.isNaN(s.at));
    setSamples((list) => addSamples(list, initial, Date.now()));
  }, [system.data]);

  useEffect(
    () =>
      realtime().subscribe("metrics", (message) => {
        const sample = sampleOfMessage(message);
        if (sample === null) return;
        if (pausedRef.current) {
          held.current.push(sample);
          return;
        }
        setSamples((list) => addSamples(list, [sample], Date.now()));
        setNow(Date.now());
      }),
    [],
  );

  // The window slides once a second while live.
  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [paused]);

  const togglePause = () => {
    const next = !pausedRef.current;
    pausedRef.current = next;
    setPaused(next);
    if (!next) {
      const batch = held.current;
      held.current = [];
      setSamples((list) => addSamples(list, batch, Date.now()));
      setNow(Date.now());
    }
  };

  const from = now - range * 60_000;
  const cpu = useMemo(() => samples.map((s) => ({ at: s.at, value: s.cpuPercent })), [samples]);
  const memory = useMemo(
    () => samples.map((s) => ({ at: s.at, value: s.memoryPercent })),
    [samples],
  );
  const latest = samples[samples.length - 1];
  const percent = (value: number | undefined) =>
    value === undefined ? "—" : `${format.number(Math.round(value * 10) / 10)}%`;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8" data-testid={`${variant}-screen`}>
      <PageHeading title={t(`live.monitoring.${variant}Title`)} lead={t("live.monitoring.lead")} />
      <LiveToolbar
        live={live}
        paused={paused}
        onTogglePause={togglePause}
        pauseTestId="monitoring-pause"
      >
        <fieldset className="flex gap-1" data-testid="monitoring-range">
          <legend className="sr-only">{t("live.monitoring.range")}</legend>
          {RANGES_MINUTES.map((minutes) => (
            <button
              key={minutes}
              type="button"
              aria-pressed={range === minutes}
              className={`rounded-xl px-3 py-2 text-sm font-semibold ${range === minutes ? "bg-accent text-on-accent" : "border border-border bg-surface text-fg"}`}
              onClick={() => setRange(minutes)}
              data-testid={`monitoring-range-${minutes}`}
            >
              {t("live.monitoring.lastMinutes", { count: minutes })}
            </button>
          ))}
        </fieldset>
      </LiveToolbar>
      <OutcomeLine kind="error" text={error} testId="monitoring-error" />
      <div className="mb-6 grid gap-3 sm:grid-cols-4">
        <Tile
          label={t("live.monitoring.cpu")}
          value={percent(latest?.cpuPercent)}
          testId="tile-cpu"
        />
        <Tile
          label={t("live.monitoring.memory")}
          value={percent(latest?.memoryPercent)}
          testId="tile-memory"
        />
        <Tile
          label={t("live.monitoring.requestRate")}
          value={
            requests
              ? t("live.monitoring.perMinute", {
                  value: format.number(Math.round(requests.ratePerMinute)),
                })
              : "—"
          }
          testId="tile-request-rate"
        />
        <Tile
          label={t("live.monitoring.p95")}
          value={
            requests
              ? t("live.monitoring.ms", { value: format.number(Math.round(requests.p95Ms)) })
              : "—"
          }
          testId="tile-p95"
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {(
          [
            { metric: "cpu", points: cpu, latest: latest?.cpuPercent },
            { metric: "memory", points: memory, latest: latest?.memoryPercent },
          ] as const
        ).map((chart) => (
          <ChartCard
            key={chart.metric}
            title={t(`live.monitoring.${chart.metric}`)}
            latest={percent(chart.latest)}
            points={chart.points}
            from={from}
            to={now}
            testId={`chart-${chart.metric}`}
          />
        ))}
      </div>
    </div>
  );
}

/** One metric's live chart under its heading; the chart's description reads out the latest value. */
function ChartCard({
  title,
  latest,
  points,
  from,
  to,
  testId,
}: {
  title: string;
  latest: string;
  points: readonly ChartPoint[];
  from: number;
  to: number;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <h2 className="mb-2 font-bold text-fg">{title}</h2>
      <LiveLineChart
        title={title}
        description={t("live.monitoring.latest", { value: latest })}
        points={points}
        from={from}
        to={to}
        testId={testId}
      />
    </Card>
  );
}

function Tile({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card data-testid={testId}>
      <p className="text-sm text-fg-muted">{label}</p>
      <p className="mt-1 text-2xl font-extrabold text-fg">{value}</p>
    </Card>
  );
}
