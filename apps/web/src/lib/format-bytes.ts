// Byte counts in the interface language ("1.5 MB", "1 GB"), with the binary steps the server's limits use.
import { useMemo } from "react";
import { localeOf } from "./i18n";
import { useLanguage } from "./use-language";

const UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/**
 * Number in the locale's digits, unit as the Latin abbreviation everyone reads. In right-to-left text the quantity is
 * isolated as one left-to-right run, so "2.3 MB of 1 GB" does not scramble around the Hebrew words.
 */
export function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(locale, {
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  }).format(value);
  const text = `${number} ${UNITS[unit]}`;
  return locale.startsWith("he") ? `\u2066${text}\u2069` : text;
}

export function useByteFormat(): (bytes: number) => string {
  const language = useLanguage();
  return useMemo(() => {
    const locale = localeOf(language);
    return (bytes) => formatBytes(bytes, locale);
  }, [language]);
}
