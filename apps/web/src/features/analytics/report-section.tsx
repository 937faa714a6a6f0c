// One report on the screen: heading and definition, a chart or its table (toggle), a CSV download, and honest
// loading, empty and error states.
import type { AnalyticsRange, AnalyticsReport } from "@aacos/domain/analytics";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/messages";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Icon } from "../../ui/icon";
import { Loader } from "../../ui/loader";
import { analyticsApi } from "./api";

export function ReportSection<T>({
  report,
  range,
  title,
  lead,
  query,
  isEmpty,
  emptyText,
  chart,
  table,
  hasChart = true,
}: {
  report: AnalyticsReport;
  range: AnalyticsRange;
  title: string;
  lead: string;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  chart: (data: T) => ReactNode;
  table: (data: T) => ReactNode;
  /** false: the table is the only view (the retention heat-table). */
  hasChart?: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [asTable, setAsTable] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await analyticsApi.downloadCsv(report, range);
    } catch (error) {
      setDownloadError(errorText(t, error));
    } finally {
      setDownloading(false);
    }
  };

  const data = query.data;
  return (
    <Card
      className="flex min-w-0 flex-col gap-4"
      aria-labelledby={headingId}
      data-testid={`report-${report}`}
    >
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-xl font-bold text-fg">
            {title}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">{lead}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {hasChart ? (
            <Button
              variant="ghost"
              aria-pressed={asTable}
              onClick={() => setAsTable((on) => !on)}
              data-testid={`report-${report}-table-toggle`}
            >
              {asTable ? t("analytics.showChart") : t("analytics.showTable")}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            onClick={() => void download()}
            disabled={downloading}
            data-testid={`report-${report}-csv`}
          >
            <Icon name="download" className="size-4" />
            <span>{downloading ? t("analytics.downloading") : t("analytics.downloadCsv")}</span>
          </Button>
        </div>
      </div>
      {downloadError ? (
        <p role="alert" className="text-sm text-error">
          {downloadError}
        </p>
      ) : null}
      {data === undefined ? (
        query.isError ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 text-error"
            data-testid={`report-${report}-error`}
          >
            <span>{t("analytics.loadFailed")}</span>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              {t("analytics.retry")}
            </Button>
          </div>
        ) : (
          <Loader message={t("analytics.loading")} />
        )
      ) : isEmpty(data) ? (
        <p
          className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-fg-muted"
          data-testid={`report-${report}-empty`}
        >
          {emptyText}
        </p>
      ) : (
        <div
          className={query.isFetching ? "opacity-60 transition-opacity" : undefined}
          aria-busy={query.isFetching}
        >
          {hasChart && !asTable ? chart(data) : table(data)}
        </div>
      )}
    </Card>
  );
}

/** A plain data table: a caption, column headers, one row per bucket. */
export function DataTable({
  caption,
  columns,
  rows,
  testId,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
  testId?: string;
}) {
  return (
    <div className="max-h-96 overflow-auto">
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-surface">
          <tr>
            {columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={`border-b border-border px-2 py-2 font-semibold text-fg-muted ${index === 0 ? "text-start" : "text-end"}`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]} className="border-b border-border/60">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th
                    key={columns[index]}
                    scope="row"
                    className="px-2 py-1.5 text-start font-medium text-fg"
                  >
                    {cell}
                  </th>
                ) : (
                  <td key={columns[index]} className="px-2 py-1.5 text-end tabular-nums text-fg">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
