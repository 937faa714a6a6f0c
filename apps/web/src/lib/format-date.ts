// Dates and times in the interface language (medium date, short time).
import { useMemo } from "react";
import { localeOf } from "./i18n";
import { useLanguage } from "./use-language";

/**
 * The formatter is made at its first date, not with the hook: a screen that only may show a date (the billing notices
 * of /tiers) does not load the ICU data for nothing (docs/decisions/342).
 */
export function useDateFormat(): (iso: string) => string {
  const language = useLanguage();
  return useMemo(() => {
    let format: Intl.DateTimeFormat | undefined;
    return (iso) => {
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return iso;
      format ??= new Intl.DateTimeFormat(localeOf(language), {
        dateStyle: "medium",
        timeStyle: "short",
      });
      return format.format(date);
    };
  }, [language]);
}
