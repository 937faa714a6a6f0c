// The admin analytics reports: their names, the shared query schema (range, interval, format), the activity
// definition, the report shapes the server sends and the browser draws, and the CSV rules (docs/decisions/125).

import { z } from "zod";
import { type FieldFailure, fieldFailure, fieldIssue } from "../field-errors.js";
import { MESSAGES } from "../validation/messages.js";
import type { AnalyticsRange, AnalyticsReportData } from "./replies.js";

export const ANALYTICS_REPORTS = [
  "signups",
  "active-users",
  "retention",
  "revenue",
  "ai-usage",
  "api-calls",
  "quests",
] as const;
export type AnalyticsReport = (typeof ANALYTICS_REPORTS)[number];

export const ANALYTICS_INTERVALS = ["day", "week", "month"] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

export const ANALYTICS_FORMATS = ["json", "csv"] as const;
export type AnalyticsFormat = (typeof ANALYTICS_FORMATS)[number];

/** The range presets of the screen, in days ending today. */
export const ANALYTICS_PRESETS = [7, 30, 90] as const;
export const DEFAULT_ANALYTICS_DAYS = 30;
/** The longest range one request may cover (two years of daily points). */
export const MAX_ANALYTICS_DAYS = 731;
/** The first and last day a range may name: far enough out for any real question, near enough for every database. */
export const ANALYTICS_FIRST_DATE = "2000-01-01";
export const ANALYTICS_LAST_DATE = "2099-12-31";
/** How many quests the quest report lists. */
export const TOP_QUESTS = 20;

/**
 * Ledger sources the server credits on its own (community-event prizes, world-upgrade bonuses paid by the hourly
 * check); every other ledger row is something the user did, so it marks the user active that day.
 */
export const SYSTEM_LEDGER_SOURCES = ["event", "worldUpgrade"] as const;

export const ANALYTICS_MESSAGES = {
  rangeReversed: "The start date must not be after the end date",
  rangeTooLong: `The range may cover at most ${MAX_ANALYTICS_DAYS} days`,
  dateOutOfRange: `Dates must be between ${ANALYTICS_FIRST_DATE} and ${ANALYTICS_LAST_DATE}`,
} as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const CalendarDate = z
  .string({ error: MESSAGES.invalidFormat })
  .trim()
  .refine(isCalendarDate, fieldIssue(MESSAGES.invalidFormat, "invalid_format"))
  .refine(
    (date) => date >= ANALYTICS_FIRST_DATE && date <= ANALYTICS_LAST_DATE,
    fieldIssue(ANALYTICS_MESSAGES.dateOutOfRange, "date_out_of_range"),
  );

/** GET /api/admin/analytics/<report>?from=&to=&interval=&format= — dates are UTC calendar days, both included. */
export const AnalyticsQuery = z
  .object({
    from: CalendarDate.optional(),
    to: CalendarDate.optional(),
    interval: z.enum(ANALYTICS_INTERVALS, { error: MESSAGES.invalidFormat }).default("day"),
    format: z.enum(ANALYTICS_FORMATS, { error: MESSAGES.invalidFormat }).default("json"),
  })
  .superRefine((q, context) => {
    // With one end left out the range depends on today: the server checks it again with its clock (checkRange).
    if (q.from === undefined || q.to === undefined) return;
    const problem = rangeProblem({ from: q.from, to: q.to });
    if (problem === null) return;
    const issue =
      problem === ANALYTICS_MESSAGES.rangeReversed
        ? fieldIssue(problem, "date_order")
        : fieldIssue(problem, "range_too_long", { max: MAX_ANALYTICS_DAYS });
    context.addIssue({ code: "custom", ...issue, path: ["from"] });
  });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

export const AnalyticsReportParams = z.object({
  report: z.enum(ANALYTICS_REPORTS, { error: MESSAGES.invalidFormat }),
});

// The report shapes are the replies' (replies/analytics.ts).
export type {
  ActiveUsersBucket,
  ActiveUsersReport,
  AiUsageReport,
  AiUsageTierFigures,
  AnalyticsRange,
  AnalyticsReportData,
  ApiCallsReport,
  QuestsReport,
  RetentionCohort,
  RetentionReport,
  RevenueBucket,
  RevenueReport,
  RevenueTierFigures,
  SignupsReport,
} from "./replies.js";

/** The UTC calendar date of a moment. */
export function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** `date` plus `days` (negative: earlier). */
export function shiftDate(date: string, days: number): string {
  return utcDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));
}

/** Whole days from `from` to `to` (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The last `days` days ending today (UTC): a preset of the screen, and the default range. */
export function presetRange(days: number, now: Date): { from: string; to: string } {
  const to = utcDate(now);
  return { from: shiftDate(to, -(days - 1)), to };
}

/** Fills what the query left out: `to` defaults to today, `from` to 30 days ending at `to`. */
export function resolveRange(
  query: Pick<AnalyticsQuery, "from" | "to" | "interval">,
  now: Date,
): AnalyticsRange {
  const to = query.to ?? utcDate(now);
  const from = query.from ?? shiftDate(to, -(DEFAULT_ANALYTICS_DAYS - 1));
  return { from, to, interval: query.interval };
}

/** What is wrong with a range of two valid dates (the message for the `from` field); null when nothing. */
export function rangeProblem(range: { from: string; to: string }): string | null {
  if (range.from > range.to) return ANALYTICS_MESSAGES.rangeReversed;
  if (daysBetween(range.from, range.to) >= MAX_ANALYTICS_DAYS)
    return ANALYTICS_MESSAGES.rangeTooLong;
  return null;
}

/**
 * The range a parsed query asks for with today filled in, or the field message that refuses it: `from=2000-01-01`
 * alone would otherwise run to today over decades of days.
 */
export function checkRange(
  query: Pick<AnalyticsQuery, "from" | "to" | "interval">,
  now: Date,
): { ok: true; range: AnalyticsRange } | { ok: false; fields: Record<string, FieldFailure> } {
  const range = resolveRange(query, now);
  const problem = rangeProblem(range);
  if (problem === null) return { ok: true, range };
  const failure =
    problem === ANALYTICS_MESSAGES.rangeReversed
      ? fieldFailure(problem, "date_order")
      : fieldFailure(problem, "range_too_long", { max: MAX_ANALYTICS_DAYS });
  return { ok: false, fields: { from: failure } };
}

/** What a month of a plan brings in: a "custom" price (−1) is not known, so it counts as nothing. */
export function monthlyRevenueOf(monthlyPrice: number): number {
  return monthlyPrice > 0 ? monthlyPrice : 0;
}

// --- CSV ---

/**
 * One CSV cell (RFC 4180 quoting). A cell a spreadsheet would read as a formula (= + - @ at the start, not a plain
 * number) gets a leading apostrophe.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = value;
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV document: header line, then one line per row, CRLF line ends. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return [header, ...rows]
    .map((row) => row.map(csvCell).join(","))
    .join("\r\n")
    .concat("\r\n");
}

/** The file name a report's CSV downloads as. */
export function csvFileName(report: AnalyticsReport, range: AnalyticsRange): string {
  return `aacos-${report}-${range.from}-${range.to}-${range.interval}.csv`;
}

/** The rows of a report as CSV (header first), the same for every client. */
export function reportCsv(data: AnalyticsReportData): string {
  switch (data.report) {
    case "signups":
      return toCsv(
        ["bucket", "signups"],
        data.buckets.map((b) => [b.bucket, b.signups]),
      );
    case "active-users":
      return toCsv(
        ["bucket", "active", "dau", "wau", "mau"],
        data.buckets.map((b) => [b.bucket, b.active, b.dau, b.wau, b.mau]),
      );
    case "retention":
      return toCsv(
        ["cohort", "size", "week", "active", "share"],
        data.cohorts.flatMap((c) =>
          c.weeks.map((w) => [c.cohort, c.size, w.week, w.active, w.share]),
        ),
      );
    case "revenue":
      return toCsv(
        ["bucket", "tier", "subscribers", "mrr", "trialing", "upgrades", "downgrades", "churn"],
        data.buckets.flatMap((b) => [
          [
            b.bucket,
            "all",
            sumOf(b.byTier, "subscribers"),
            b.mrr,
            b.trialing,
            b.upgrades,
            b.downgrades,
            b.churn,
          ],
          ...b.byTier.map((t) => [b.bucket, t.tier, t.subscribers, t.mrr, null, null, null, null]),
        ]),
      );
    case "ai-usage":
      return toCsv(
        ["bucket", "tier", "runs", "prompt_tokens", "completion_tokens"],
        tierRows(data.buckets, (t) => [t.runs, t.promptTokens, t.completionTokens]),
      );
    case "api-calls":
      return toCsv(
        ["bucket", "tier", "calls"],
        tierRows(data.buckets, (t) => [t.calls]),
      );
    case "quests":
      return toCsv(
        ["quest", "name", "completions"],
        data.items.map((q) => [q.questId, q.name, q.completions]),
      );
  }
}

/** One row per bucket and tier: the bucket, the tier, then that tier's figures. */
function tierRows<Figures extends { tier: string }>(
  buckets: readonly { bucket: string; byTier: readonly Figures[] }[],
  figures: (byTier: Figures) => (string | number | null)[],
): (string | number | null)[][] {
  return buckets.flatMap((b) => b.byTier.map((t) => [b.bucket, t.tier, ...figures(t)]));
}

function sumOf<K extends string>(rows: readonly Record<K, number>[], key: K): number {
  return rows.reduce((total, row) => total + row[key], 0);
}
