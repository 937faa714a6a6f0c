// The headline figures of the chosen range: sign-ups, accounts, DAU/WAU/MAU and MRR at its end, AI tokens used.
import type {
  ActiveUsersReport,
  AiUsageReport,
  RevenueReport,
  SignupsReport,
} from "@aacos/domain/analytics";
import { useTranslation } from "react-i18next";
import type { AnalyticsFormats } from "./format";

function Tile({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  return (
    <div
      className="rounded-2xl border border-border bg-surface p-4 shadow-card"
      data-testid={testId}
    >
      <dt className="text-sm font-semibold text-fg-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-extrabold tabular-nums text-fg">
        {value ?? <span className="text-fg-muted">…</span>}
      </dd>
    </div>
  );
}

export function KpiTiles({
  formats,
  signups,
  active,
  revenue,
  ai,
}: {
  formats: AnalyticsFormats;
  signups: SignupsReport | undefined;
  active: ActiveUsersReport | undefined;
  revenue: RevenueReport | undefined;
  ai: AiUsageReport | undefined;
}) {
  const { t } = useTranslation();
  const lastActive = active?.buckets.at(-1);
  const lastRevenue = revenue?.buckets.at(-1);
  const tokens = ai?.totals.reduce((sum, row) => sum + row.promptTokens + row.completionTokens, 0);
  const tiles = [
    ["signups", signups?.total, formats.number],
    ["users", signups?.totalUsers, formats.number],
    ["dau", lastActive?.dau, formats.number],
    ["wau", lastActive?.wau, formats.number],
    ["mau", lastActive?.mau, formats.number],
    ["mrr", lastRevenue?.mrr, formats.money],
    ["tokens", tokens, formats.compact],
  ] as const;
  return (
    <dl
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-7"
      data-testid="analytics-kpis"
    >
      {tiles.map(([key, value, format]) => (
        <Tile
          key={key}
          label={t(`analytics.kpi.${key}`)}
          value={value === undefined ? null : format(value)}
          testId={`kpi-${key}`}
        />
      ))}
    </dl>
  );
}
