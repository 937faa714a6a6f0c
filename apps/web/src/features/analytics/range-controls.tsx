// The range picker: presets of 7, 30 and 90 days ending today, a custom from–to range (checked with the same rules
// as the server) and the day / week / month switch.
import {
  ANALYTICS_INTERVALS,
  ANALYTICS_MESSAGES,
  ANALYTICS_PRESETS,
  AnalyticsQuery,
  type AnalyticsRange,
  presetRange,
} from "@aacos/domain/analytics";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/form-field";
import { matchingPreset } from "./use-analytics-range";

const SEGMENT =
  "rounded-xl px-3 py-2 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60";
const segmentClass = (on: boolean) =>
  `${SEGMENT} ${on ? "bg-accent text-on-accent" : "border border-border bg-surface text-fg hover:bg-surface-muted"}`;

export function RangeControls({
  range,
  onChange,
  clock = () => new Date(),
}: {
  range: AnalyticsRange;
  onChange: (next: AnalyticsRange) => void;
  /** Where "today" comes from; tests pass a fixed one. */
  clock?: () => Date;
}) {
  const { t } = useTranslation();
  const preset = matchingPreset(range, clock());
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setFrom(range.from);
    setTo(range.to);
  }, [range.from, range.to]);

  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AnalyticsQuery.safeParse({ from, to, interval: range.interval });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(
        message === ANALYTICS_MESSAGES.rangeReversed
          ? t("analytics.range.errors.reversed")
          : message === ANALYTICS_MESSAGES.rangeTooLong
            ? t("analytics.range.errors.tooLong")
            : message === ANALYTICS_MESSAGES.dateOutOfRange
              ? t("analytics.range.errors.outOfRange")
              : t("analytics.range.errors.invalid"),
      );
      return;
    }
    setError(null);
    onChange({ from, to, interval: range.interval });
  };

  return (
    <section
      aria-label={t("analytics.range.label")}
      className="mb-6 flex flex-col gap-4 rounded-2xl border border-border bg-surface p-4 shadow-card"
      data-testid="analytics-range"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-semibold text-fg-muted">{t("analytics.range.presets")}</span>
        {ANALYTICS_PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            className={segmentClass(preset === days)}
            aria-pressed={preset === days}
            onClick={() => {
              setError(null);
              onChange({ ...presetRange(days, clock()), interval: range.interval });
            }}
            data-testid={`analytics-preset-${days}`}
          >
            {t("analytics.range.lastDays", { days })}
          </button>
        ))}
        <fieldset className="ms-auto flex flex-wrap items-center gap-2">
          <legend className="sr-only">{t("analytics.interval.label")}</legend>
          <span aria-hidden="true" className="text-sm font-semibold text-fg-muted">
            {t("analytics.interval.label")}
          </span>
          {ANALYTICS_INTERVALS.map((interval) => (
            <button
              key={interval}
              type="button"
              className={segmentClass(range.interval === interval)}
              aria-pressed={range.interval === interval}
              onClick={() => onChange({ ...range, interval })}
              data-testid={`analytics-interval-${interval}`}
            >
              {t(`analytics.interval.${interval}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <form className="flex flex-wrap items-end gap-3" onSubmit={applyCustom} noValidate>
        <div className="w-44">
          <TextField
            type="date"
            label={t("analytics.range.from")}
            value={from}
            max={to}
            onChange={(event) => setFrom(event.target.value)}
            testId="analytics-from"
          />
        </div>
        <div className="w-44">
          <TextField
            type="date"
            label={t("analytics.range.to")}
            value={to}
            min={from}
            onChange={(event) => setTo(event.target.value)}
            testId="analytics-to"
          />
        </div>
        <Button type="submit" variant="secondary" data-testid="analytics-apply">
          {t("analytics.range.apply")}
        </Button>
        {error ? (
          <p
            role="alert"
            className="basis-full text-sm text-error"
            data-testid="analytics-range-error"
          >
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}
