// The number and price formats of a locale, made once per page (docs/decisions/341).
import { type Language, localeOf } from "./i18n";

interface NumberFormats {
  number: Intl.NumberFormat;
  money: Intl.NumberFormat;
}

const formatsByLocale = new Map<string, NumberFormats>();

/**
 * The locale's number and price formats, made once per page: the first construction for a locale loads its data, tens
 * of milliseconds on a phone, which every screen's render would otherwise pay again (docs/decisions/341).
 */
export function numberFormatsOf(locale: string): NumberFormats {
  let formats = formatsByLocale.get(locale);
  if (formats === undefined) {
    formats = {
      number: new Intl.NumberFormat(locale),
      money: new Intl.NumberFormat(locale, {
        style: "currency",
        currency: "USD",
        maximumFractionDigits: 0,
      }),
    };
    formatsByLocale.set(locale, formats);
  }
  return formats;
}

/** Makes the language's formats now (start-up, in a task of their own) rather than inside the first render. */
export function prepareNumberFormats(language: Language): void {
  numberFormatsOf(localeOf(language));
}
