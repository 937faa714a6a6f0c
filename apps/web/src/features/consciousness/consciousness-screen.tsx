// /consciousness: awareness, integration and harmony as gauges, the target level (POST level), the rebalance
// suggestion when harmony is below 0.3 (docs/product.md §4), and the history chart for plans with the consciousness engine.
import { tierHasFeature } from "@aacos/domain/catalog";
import { HARMONY_THRESHOLD } from "@aacos/domain/monitoring";
import type {
  ConsciousnessHistory,
  ConsciousnessHistoryRow,
  ConsciousnessState,
} from "@aacos/domain/replies";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiGet, apiPost, isApiError } from "../../lib/api-client";
import { useAuthStore } from "../../lib/auth-store";
import { errorText } from "../../lib/messages";
import { useFormatters } from "../../lib/use-language";
import { Button, ButtonLink } from "../../ui/button";
import { Card } from "../../ui/card";
import { Gauge } from "../../ui/gauge";
import { LiveLineChart } from "../../ui/live-line-chart";
import { PageHeading } from "../../ui/page-heading";

const STATE_KEY = ["consciousness", "state"] as const;
const HISTORY_KEY = ["consciousness", "history"] as const;
const VALUES = ["awareness", "integration", "harmony"] as const;

export function ConsciousnessScreen() {
  const { t } = useTranslation();
  const format = useFormatters();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: STATE_KEY,
    queryFn: ({ signal }) => apiGet<ConsciousnessState>("/aacos/consciousness/state", signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
  // A plan without the engine is shown the lock straight away: no metered call, no refusal.
  const tier = useAuthStore((current) => current.user?.tier);
  const planLocked = tier !== undefined && !tierHasFeature(tier, "consciousnessEngine");
  const history = useQuery({
    enabled: !planLocked,
    queryKey: HISTORY_KEY,
    queryFn: ({ signal }) =>
      apiGet<ConsciousnessHistory>("/aacos/consciousness/history?limit=100", signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [level, setLevel] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (state.data && level === null) setLevel(state.data.targetLevel);
  }, [state.data, level]);

  const percent = (value: number) => `${format.number(Math.round(value * 100))}%`;

  const saveLevel = async () => {
    if (level === null) return;
    setSaving(true);
    setMessage(null);
    try {
      const result = await apiPost<{ targetLevel: number }>("/aacos/consciousness/level", {
        level,
      });
      queryClient.setQueryData<ConsciousnessState>(STATE_KEY, (current) =>
        current ? { ...current, targetLevel: result.targetLevel } : current,
      );
      setMessage({ ok: true, text: t("live.consciousness.levelSaved") });
    } catch (error) {
      setMessage({
        ok: false,
        text: errorText(t, error),
      });
    } finally {
      setSaving(false);
    }
  };

  const locked =
    planLocked ||
    (history.isError && isApiError(history.error) && history.error.code === "feature_locked");
  const upgradeUrl =
    locked && isApiError(history.error)
      ? (history.error.upgrade?.upgradeUrl ?? "/tiers")
      : "/tiers";

  return (
    <div className="mx-auto max-w-5xl px-4 py-8" data-testid="consciousness-screen">
      <PageHeading title={t("live.consciousness.title")} lead={t("live.consciousness.lead")} />
      {state.isPending ? (
        <p className="text-fg-muted">{t("live.loading")}</p>
      ) : state.isError ? (
        <p role="alert" className="text-error" data-testid="consciousness-error">
          {t("live.loadFailed")}
        </p>
      ) : (
        <>
          <Card className="grid gap-6 sm:grid-cols-3">
            {VALUES.map((name) => (
              <Gauge
                key={name}
                label={t(`live.consciousness.${name}`)}
                value={state.data[name]}
                valueText={percent(state.data[name])}
                tone={
                  name === "harmony" && state.data.harmony < HARMONY_THRESHOLD
                    ? "warning"
                    : "accent"
                }
                testId={`gauge-${name}`}
              />
            ))}
          </Card>
          {state.data.harmony < HARMONY_THRESHOLD ? (
            <div
              role="alert"
              className="mt-4 rounded-xl border border-warning bg-surface p-4 text-fg"
              data-testid="consciousness-rebalance"
            >
              <p className="font-bold">{t("live.consciousness.rebalanceTitle")}</p>
              <p className="mt-1 text-sm text-fg-muted">{t("live.consciousness.rebalanceBody")}</p>
            </div>
          ) : null}
          <Card className="mt-6">
            <label htmlFor="consciousness-level" className="font-semibold text-fg">
              {t("live.consciousness.targetLevel")}
            </label>
            <div className="mt-3 flex flex-wrap items-center gap-4">
              <input
                id="consciousness-level"
                type="range"
                min={0}
                max={1}
                step={0.05}
                value={level ?? state.data.targetLevel}
                onChange={(event) => setLevel(Number(event.target.value))}
                aria-valuetext={percent(level ?? state.data.targetLevel)}
                className="w-64 accent-accent"
                data-testid="consciousness-level"
              />
              <span className="font-bold text-fg" data-testid="consciousness-level-value">
                {percent(level ?? state.data.targetLevel)}
              </span>
              <Button
                onClick={() => void saveLevel()}
                disabled={saving || level === null || level === state.data.targetLevel}
                data-testid="consciousness-level-save"
              >
                {t("live.consciousness.setLevel")}
              </Button>
            </div>
            {message ? (
              <p
                role={message.ok ? "status" : "alert"}
                className={`mt-3 text-sm ${message.ok ? "text-success" : "text-error"}`}
                data-testid="consciousness-level-message"
              >
                {message.text}
              </p>
            ) : null}
          </Card>
        </>
      )}
      <Card className="mt-6">
        <h2 className="mb-3 text-xl font-bold text-fg">{t("live.consciousness.history")}</h2>
        {locked ? (
          <div data-testid="consciousness-history-locked">
            <p className="text-fg-muted">{t("live.consciousness.historyLocked")}</p>
            <ButtonLink to={upgradeUrl} className="mt-3" data-testid="consciousness-upgrade">
              {t("live.consciousness.upgrade")}
            </ButtonLink>
          </div>
        ) : history.isPending ? (
          <p className="text-fg-muted">{t("live.loading")}</p>
        ) : history.isError ? (
          <p role="alert" className="text-error">
            {t("live.loadFailed")}
          </p>
        ) : history.data.items.length === 0 ? (
          <p className="text-fg-muted">{t("live.consciousness.historyEmpty")}</p>
        ) : (
          <HistoryChart rows={history.data.items} />
        )}
      </Card>
    </div>
  );
}

function HistoryChart({ rows }: { rows: ConsciousnessHistoryRow[] }) {
  const { t } = useTranslation();
  const points = rows
    .map((row) => ({ at: Date.parse(row.createdAt), value: row.harmony * 100 }))
    .filter((point) => !Number.isNaN(point.at))
    .sort((a, b) => a.at - b.at);
  const from = points[0]?.at ?? 0;
  const to = points[points.length - 1]?.at ?? 1;
  return (
    <LiveLineChart
      title={t("live.consciousness.historyChart")}
      description={t("live.consciousness.historyDescription", { count: points.length })}
      points={points}
      from={from}
      to={to === from ? from + 1 : to}
      testId="consciousness-history-chart"
    />
  );
}
