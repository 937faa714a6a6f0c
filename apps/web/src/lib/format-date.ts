// Dates and times in the interface language (medium date, short time).
import { useMemo } from "react";
import { localeOf } from "./i18n";
import { useLanguage } from "./use-language";

export function useDateFormat(): (iso: string) => string {
  const language = useLanguage();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(localeOf(language), {
      dateStyle: "medium",
      timeStyle: "short",
    });
    return (iso) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : format.format(date);
    };
  }, [language]);
}
