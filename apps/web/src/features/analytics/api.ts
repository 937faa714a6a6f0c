// Calls of the analytics screen: GET /api/admin/analytics/<report> as JSON, and the same report as a CSV file.
import { type AnalyticsReport, csvFileName } from "@aacos/domain/analytics";
import type { AnalyticsRange, AnalyticsReportData } from "@aacos/domain/replies";
import { apiDownload, apiGet } from "../../lib/api-client";
import { saveFile } from "../../lib/save-file";

/** Each report's JSON, by its name. */
export type ReportData = {
  [R in AnalyticsReport]: Extract<AnalyticsReportData, { report: R }>;
};

function reportPath(report: AnalyticsReport, range: AnalyticsRange, csv = false): string {
  const query = new URLSearchParams({ from: range.from, to: range.to, interval: range.interval });
  if (csv) query.set("format", "csv");
  return `/admin/analytics/${report}?${query.toString()}`;
}

export const analyticsApi = {
  report: <R extends AnalyticsReport>(report: R, range: AnalyticsRange, signal?: AbortSignal) =>
    apiGet<ReportData[R]>(reportPath(report, range), signal),
  downloadCsv: async (report: AnalyticsReport, range: AnalyticsRange) => {
    const blob = await apiDownload(reportPath(report, range, true));
    saveFile(blob, csvFileName(report, range));
  },
};
