// /admin/analytics (admins and analysts): the range picker, KPI tiles, and one section per report — sign-ups,
// active users, revenue, retention cohorts, AI usage, top quests — each with a chart or table and its CSV.
import type { AnalyticsRange, AnalyticsReport } from "@aacos/domain/analytics";
import { TIER_ORDER, type TierName, tierByName } from "@aacos/domain/catalog";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useQuestText } from "../../lib/quest-text";
import { useLocalized } from "../../lib/use-language";
import { PageHeading } from "../../ui/page-heading";
import { analyticsApi, type ReportData } from "./api";
import { BucketBars, RankedBars } from "./bar-chart";
import { type AnalyticsFormats, useAnalyticsFormats } from "./format";
import { KpiTiles } from "./kpi-tiles";
import { RangeControls } from "./range-controls";
import { DataTable, ReportSection } from "./report-section";
import { RetentionTable } from "./retention-table";
import { type ChartSeries, TimeChart } from "./time-chart";
import { useAnalyticsRange } from "./use-analytics-range";

const TIER_COLORS: Record<TierName, string> = {
  genesis: "--aacos-text-muted",
  quantum: "--aacos-info",
  cosmic: "--aacos-primary",
  infinity: "--aacos-warning",
};

/** A tier's name in the current language, as the reports' series, columns and rows show it. */
function useTierName(): (tier: TierName) => string {
  const localized = useLocalized();
  return (tier) => localized(tierByName(tier).displayName);
}

function useReport<R extends AnalyticsReport>(report: R, range: AnalyticsRange) {
  return useQuery({
    queryKey: ["analytics", report, range.from, range.to, range.interval],
    queryFn: ({ signal }) => analyticsApi.report(report, range, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function AnalyticsScreen() {
  const { t } = useTranslation();
  const { range, setRange } = useAnalyticsRange();
  const signups = useReport("signups", range);
  const active = useReport("active-users", range);
  const revenue = useReport("revenue", range);
  const retention = useReport("retention", range);
  const ai = useReport("ai-usage", range);
  const apiCalls = useReport("api-calls", range);
  const quests = useReport("quests", range);
  const formats = useAnalyticsFormats(range.interval, revenue.data?.currency);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10" data-testid="analytics-screen">
      <PageHeading title={t("analytics.title")} lead={t("analytics.lead")} />
      <RangeControls range={range} onChange={setRange} />
      <p className="mb-4 text-sm text-fg-muted" data-testid="analytics-range-text">
        {t("analytics.range.showing", {
          from: formats.date(range.from),
          to: formats.date(range.to),
          interval: t(`analytics.interval.${range.interval}`),
        })}
      </p>
      <KpiTiles
        formats={formats}
        signups={signups.data}
        active={active.data}
        revenue={revenue.data}
        ai={ai.data}
      />
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <SignupsSection range={range} query={signups} formats={formats} />
        <ActiveUsersSection range={range} query={active} formats={formats} />
        <div className="lg:col-span-2">
          <RevenueSection range={range} query={revenue} formats={formats} />
        </div>
        <div className="lg:col-span-2">
          <ReportSection
            report="retention"
            range={range}
            title={t("analytics.retention.title")}
            lead={t("analytics.retention.lead")}
            query={retention}
            isEmpty={(data) => data.cohorts.length === 0}
            emptyText={t("analytics.retention.empty")}
            hasChart={false}
            chart={() => null}
            table={(data) => (
              <RetentionTable
                cohorts={data.cohorts}
                formatDate={formats.date}
                formatNumber={formats.number}
                formatShare={formats.share}
              />
            )}
          />
        </div>
        <AiUsageSection range={range} query={ai} formats={formats} />
        <ApiCallsSection range={range} query={apiCalls} formats={formats} />
        <QuestsSection range={range} query={quests} formats={formats} />
      </div>
    </div>
  );
}

/** One line per tier, in the catalogue's order, over a report's buckets; `read` takes a tier's row of a bucket. */
function useTierChart<Row>(
  buckets: readonly { bucket: string; byTier: readonly Row[] }[] | undefined,
  read: (row: Row) => number,
) {
  const tierName = useTierName();
  return useMemo(() => {
    if (buckets === undefined) return null;
    const series: ChartSeries[] = TIER_ORDER.map((tier, index) => ({
      label: tierName(tier),
      values: buckets.map((b) => {
        const row = b.byTier[index];
        return row === undefined ? 0 : read(row);
      }),
      color: TIER_COLORS[tier],
    }));
    return { buckets: buckets.map((b) => b.bucket), series };
  }, [buckets, tierName, read]);
}

const tokensOf = (row: { promptTokens: number; completionTokens: number }) =>
  row.promptTokens + row.completionTokens;
const callsOf = (row: { calls: number }) => row.calls;

/** A report's lines over its buckets: the bucket axis as every report labels it; values compact unless told. */
function ReportTimeChart({
  chart,
  summary,
  formats,
  formatValue = formats.compact,
  testId,
}: {
  chart: { buckets: readonly string[]; series: readonly ChartSeries[] };
  summary: string;
  formats: AnalyticsFormats;
  formatValue?: (value: number) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <TimeChart
      buckets={chart.buckets}
      series={chart.series}
      summary={summary}
      formatValue={formatValue}
      formatBucket={formats.bucket}
      xLabel={t("analytics.columns.bucket")}
      testId={testId}
    />
  );
}

type SectionProps<R extends AnalyticsReport> = {
  range: AnalyticsRange;
  query: ReturnType<typeof useReport<R>>;
  formats: AnalyticsFormats;
};

function SignupsSection({ range, query, formats }: SectionProps<"signups">) {
  const { t } = useTranslation();
  return (
    <ReportSection
      report="signups"
      range={range}
      title={t("analytics.signups.title")}
      lead={t("analytics.signups.lead")}
      query={query}
      isEmpty={(data) => data.total === 0}
      emptyText={t("analytics.signups.empty")}
      chart={(data) => (
        <BucketBars
          title={t("analytics.signups.title")}
          description={t("analytics.signups.summary", {
            total: formats.number(data.total),
            count: data.total,
            buckets: data.buckets.length,
          })}
          labels={data.buckets.map((b) => formats.bucket(b.bucket))}
          values={data.buckets.map((b) => b.signups)}
          formatValue={formats.compact}
          testId="signups-chart"
        />
      )}
      table={(data) => (
        <DataTable
          caption={t("analytics.signups.title")}
          columns={[t("analytics.columns.bucket"), t("analytics.columns.signups")]}
          rows={data.buckets.map((b) => [formats.bucket(b.bucket), formats.number(b.signups)])}
          testId="signups-table"
        />
      )}
    />
  );
}

function ActiveUsersSection({ range, query, formats }: SectionProps<"active-users">) {
  const { t } = useTranslation();
  const data = query.data;
  const chart = useMemo(() => {
    if (data === undefined) return null;
    const series: ChartSeries[] = [
      {
        label: t("analytics.active.dau"),
        values: data.buckets.map((b) => b.dau),
        color: "--aacos-info",
      },
      {
        label: t("analytics.active.wau"),
        values: data.buckets.map((b) => b.wau),
        color: "--aacos-primary",
      },
      {
        label: t("analytics.active.mau"),
        values: data.buckets.map((b) => b.mau),
        color: "--aacos-success",
      },
    ];
    if (data.range.interval !== "day") {
      series.push({
        label: t("analytics.active.inBucket"),
        values: data.buckets.map((b) => b.active),
        color: "--aacos-warning",
        dashed: true,
      });
    }
    return { buckets: data.buckets.map((b) => b.bucket), series };
  }, [data, t]);
  return (
    <ReportSection
      report="active-users"
      range={range}
      title={t("analytics.active.title")}
      lead={t("analytics.active.lead")}
      query={query}
      isEmpty={(report) => report.buckets.every((b) => b.active === 0 && b.mau === 0)}
      emptyText={t("analytics.active.empty")}
      chart={(report) => {
        const last = report.buckets.at(-1);
        return chart === null ? null : (
          <ReportTimeChart
            chart={chart}
            summary={t("analytics.active.summary", {
              dau: formats.number(last?.dau ?? 0),
              wau: formats.number(last?.wau ?? 0),
              mau: formats.number(last?.mau ?? 0),
            })}
            formats={formats}
            testId="active-chart"
          />
        );
      }}
      table={(report) => (
        <DataTable
          caption={t("analytics.active.title")}
          columns={[
            t("analytics.columns.bucket"),
            t("analytics.active.inBucket"),
            t("analytics.active.dau"),
            t("analytics.active.wau"),
            t("analytics.active.mau"),
          ]}
          rows={report.buckets.map((b) => [
            formats.bucket(b.bucket),
            formats.number(b.active),
            formats.number(b.dau),
            formats.number(b.wau),
            formats.number(b.mau),
          ])}
          testId="active-table"
        />
      )}
    />
  );
}

function RevenueSection({ range, query, formats }: SectionProps<"revenue">) {
  const { t } = useTranslation();
  const tierName = useTierName();
  const data = query.data;
  const chart = useMemo(() => {
    if (data === undefined) return null;
    const tiers = data.prices.filter((price) => price.monthly > 0).map((price) => price.tier);
    const series: ChartSeries[] = [
      {
        label: t("analytics.revenue.total"),
        values: data.buckets.map((b) => b.mrr),
        color: "--aacos-accent",
      },
      ...tiers.map((tier) => ({
        label: tierName(tier),
        values: data.buckets.map((b) => b.byTier.find((row) => row.tier === tier)?.mrr ?? 0),
        color: TIER_COLORS[tier],
        dashed: true,
      })),
    ];
    return { buckets: data.buckets.map((b) => b.bucket), series, tiers };
  }, [data, t, tierName]);
  const moves = (report: ReportData["revenue"]) =>
    report.buckets.reduce(
      (sum, b) => ({
        upgrades: sum.upgrades + b.upgrades,
        downgrades: sum.downgrades + b.downgrades,
        churn: sum.churn + b.churn,
      }),
      { upgrades: 0, downgrades: 0, churn: 0 },
    );
  return (
    <ReportSection
      report="revenue"
      range={range}
      title={t("analytics.revenue.title")}
      lead={t("analytics.revenue.lead", {
        prices: (data?.prices ?? [])
          .map((price) => `${tierName(price.tier)} ${formats.money(price.monthly)}`)
          .join(" · "),
      })}
      query={query}
      isEmpty={(report) =>
        report.buckets.every(
          (b) => b.mrr === 0 && b.trialing === 0 && b.upgrades + b.downgrades + b.churn === 0,
        )
      }
      emptyText={t("analytics.revenue.empty")}
      chart={(report) => {
        const last = report.buckets.at(-1);
        const total = moves(report);
        return chart === null ? null : (
          <div className="flex flex-col gap-4">
            <ReportTimeChart
              chart={chart}
              summary={t("analytics.revenue.summary", { mrr: formats.money(last?.mrr ?? 0) })}
              formatValue={formats.money}
              formats={formats}
              testId="revenue-chart"
            />
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="revenue-moves">
              {(
                [
                  ["upgrades", total.upgrades],
                  ["downgrades", total.downgrades],
                  ["churn", total.churn],
                  ["trialing", last?.trialing ?? 0],
                ] as const
              ).map(([key, value]) => (
                <div key={key} className="rounded-xl bg-surface-muted px-3 py-2">
                  <dt className="text-xs font-semibold text-fg-muted">
                    {t(`analytics.revenue.${key}`)}
                  </dt>
                  <dd className="text-lg font-bold tabular-nums text-fg">
                    {formats.number(value)}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        );
      }}
      table={(report) => {
        const tiers = report.prices.filter((price) => price.monthly > 0).map((price) => price.tier);
        return (
          <DataTable
            caption={t("analytics.revenue.title")}
            columns={[
              t("analytics.columns.bucket"),
              t("analytics.revenue.total"),
              ...tiers.map((tier) => t("analytics.revenue.tierColumn", { tier: tierName(tier) })),
              t("analytics.revenue.trialing"),
              t("analytics.revenue.upgrades"),
              t("analytics.revenue.downgrades"),
              t("analytics.revenue.churn"),
            ]}
            rows={report.buckets.map((b) => [
              formats.bucket(b.bucket),
              formats.money(b.mrr),
              ...tiers.map((tier) => {
                const row = b.byTier.find((candidate) => candidate.tier === tier);
                return `${formats.money(row?.mrr ?? 0)} (${formats.number(row?.subscribers ?? 0)})`;
              }),
              formats.number(b.trialing),
              formats.number(b.upgrades),
              formats.number(b.downgrades),
              formats.number(b.churn),
            ])}
            testId="revenue-table"
          />
        );
      }}
    />
  );
}

function AiUsageSection({ range, query, formats }: SectionProps<"ai-usage">) {
  const { t } = useTranslation();
  const tierName = useTierName();
  const chart = useTierChart(query.data?.buckets, tokensOf);
  return (
    <ReportSection
      report="ai-usage"
      range={range}
      title={t("analytics.ai.title")}
      lead={t("analytics.ai.lead")}
      query={query}
      isEmpty={(report) => report.totals.every((row) => row.runs === 0)}
      emptyText={t("analytics.ai.empty")}
      chart={(report) => {
        if (chart === null) return null;
        const runs = report.totals.reduce((sum, row) => sum + row.runs, 0);
        return (
          <div className="flex flex-col gap-3">
            <ReportTimeChart
              chart={chart}
              summary={t("analytics.ai.summary", {
                runs: formats.number(runs),
                count: runs,
                tokens: formats.number(
                  report.totals.reduce(
                    (sum, row) => sum + row.promptTokens + row.completionTokens,
                    0,
                  ),
                ),
              })}
              formats={formats}
              testId="ai-chart"
            />
          </div>
        );
      }}
      table={(report) => (
        <DataTable
          caption={t("analytics.ai.title")}
          columns={[
            t("analytics.columns.tier"),
            t("analytics.ai.runs"),
            t("analytics.ai.promptTokens"),
            t("analytics.ai.completionTokens"),
          ]}
          rows={report.totals.map((row) => [
            tierName(row.tier),
            formats.number(row.runs),
            formats.number(row.promptTokens),
            formats.number(row.completionTokens),
          ])}
          testId="ai-table"
        />
      )}
    />
  );
}

function ApiCallsSection({ range, query, formats }: SectionProps<"api-calls">) {
  const { t } = useTranslation();
  const tierName = useTierName();
  const chart = useTierChart(query.data?.buckets, callsOf);
  return (
    <ReportSection
      report="api-calls"
      range={range}
      title={t("analytics.apiCalls.title")}
      lead={t("analytics.apiCalls.lead")}
      query={query}
      isEmpty={(report) => report.totals.every((row) => row.calls === 0)}
      emptyText={t("analytics.apiCalls.empty")}
      chart={(report) => {
        if (chart === null) return null;
        const calls = report.totals.reduce((sum, row) => sum + row.calls, 0);
        return (
          <ReportTimeChart
            chart={chart}
            summary={t("analytics.apiCalls.summary", {
              calls: formats.number(calls),
              count: calls,
            })}
            formats={formats}
            testId="api-calls-chart"
          />
        );
      }}
      table={(report) => (
        <DataTable
          caption={t("analytics.apiCalls.title")}
          columns={[t("analytics.columns.tier"), t("analytics.apiCalls.calls")]}
          rows={report.totals.map((row) => [tierName(row.tier), formats.number(row.calls)])}
          testId="api-calls-table"
        />
      )}
    />
  );
}

function QuestsSection({ range, query, formats }: SectionProps<"quests">) {
  const { t } = useTranslation();
  const questText = useQuestText();
  return (
    <ReportSection
      report="quests"
      range={range}
      title={t("analytics.quests.title")}
      lead={t("analytics.quests.lead")}
      query={query}
      isEmpty={(data) => data.items.length === 0}
      emptyText={t("analytics.quests.empty")}
      chart={(data) => (
        <RankedBars
          items={data.items.map((item) => ({
            key: item.questId,
            label: questText({ id: item.questId, name: item.name }).name,
            value: item.completions,
          }))}
          formatValue={formats.number}
          testId="quests-chart"
        />
      )}
      table={(data) => (
        <DataTable
          caption={t("analytics.quests.title")}
          columns={[t("analytics.columns.quest"), t("analytics.columns.completions")]}
          rows={data.items.map((item) => [
            questText({ id: item.questId, name: item.name }).name,
            formats.number(item.completions),
          ])}
          testId="quests-table"
        />
      )}
    />
  );
}
