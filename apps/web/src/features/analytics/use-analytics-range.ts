// The range the analytics screen shows, kept in the address (?from=&to=&interval=) so a view can be reloaded and
// shared; a missing or invalid one falls back to the last 30 days by day.
import {
  ANALYTICS_PRESETS,
  type AnalyticsInterval,
  AnalyticsQuery,
  type AnalyticsRange,
  DEFAULT_ANALYTICS_DAYS,
  daysBetween,
  presetRange,
  utcDate,
} from "@aacos/domain/analytics";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/** The range in the address, or the default one. */
export function rangeFromParams(params: URLSearchParams, now: Date): AnalyticsRange {
  const parsed = AnalyticsQuery.safeParse({
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
    interval: params.get("interval") ?? undefined,
  });
  const interval: AnalyticsInterval = parsed.success ? parsed.data.interval : "day";
  if (parsed.success && parsed.data.from !== undefined && parsed.data.to !== undefined) {
    return { from: parsed.data.from, to: parsed.data.to, interval };
  }
  return { ...presetRange(DEFAULT_ANALYTICS_DAYS, now), interval };
}

/** The preset (7, 30 or 90 days ending today) a range matches, or null for a custom one. */
export function matchingPreset(range: AnalyticsRange, now: Date): number | null {
  if (range.to !== utcDate(now)) return null;
  const days = daysBetween(range.from, range.to) + 1;
  return ANALYTICS_PRESETS.find((preset) => preset === days) ?? null;
}

export function useAnalyticsRange(): {
  range: AnalyticsRange;
  setRange: (next: AnalyticsRange) => void;
} {
  const [params, setParams] = useSearchParams();
  const range = useMemo(() => rangeFromParams(params, new Date()), [params]);
  const setRange = useCallback(
    (next: AnalyticsRange) =>
      setParams({ from: next.from, to: next.to, interval: next.interval }, { replace: true }),
    [setParams],
  );
  return { range, setRange };
}
