// Number, money, share and bucket-date formats of the analytics screen in the interface language.
import type { AnalyticsInterval } from "@aacos/domain/analytics";
import { useMemo } from "react";
import { localeOf } from "../../lib/i18n";
import { useLanguage } from "../../lib/use-language";

export interface AnalyticsFormats {
  number: (value: number) => string;
  /** Compact numbers for axes (1.2K). */
  compact: (value: number) => string;
  money: (value: number) => string;
  share: (share: number) => string;
  /** A bucket's start date as the interval reads it: a day, a week's Monday, a month. */
  bucket: (bucket: string) => string;
  /** A full date (cohorts, the range). */
  date: (date: string) => string;
}

export function useAnalyticsFormats(
  interval: AnalyticsInterval,
  currency = "USD",
): AnalyticsFormats {
  const language = useLanguage();
  return useMemo(() => {
    const locale = localeOf(language);
    const number = new Intl.NumberFormat(locale);
    const compact = new Intl.NumberFormat(locale, { notation: "compact" });
    const money = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      maximumFractionDigits: 0,
    });
    const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
    const day = new Intl.DateTimeFormat(locale, {
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    });
    const month = new Intl.DateTimeFormat(locale, {
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    const full = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
    const at = (date: string) => new Date(`${date}T00:00:00Z`);
    return {
      number: (value) => number.format(value),
      compact: (value) => compact.format(value),
      money: (value) => money.format(value),
      share: (value) => percent.format(value),
      bucket: (bucket) => (interval === "month" ? month : day).format(at(bucket)),
      date: (date) => full.format(at(date)),
    };
  }, [language, interval, currency]);
}
