// Hooks for the current language: picking catalogue texts and formatting numbers and prices.
import type { LocalizedText } from "@aacos/domain/catalog";
import { priceLabel, UNLIMITED } from "@aacos/domain/catalog";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { isLanguage, type Language, localeOf } from "./i18n";
import { numberFormatsOf } from "./number-formats";

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : "he";
}

/** Picks the catalogue text for the current language. */
export function useLocalized(): (text: LocalizedText) => string {
  const language = useLanguage();
  return (text) => text[language];
}

export interface Formatters {
  number: (value: number) => string;
  /** A limit: "Unlimited" for −1. */
  limit: (value: number) => string;
  /** docs/product.md §2 price rule via the domain's priceLabel: FREE, CUSTOM or "$N/month". */
  price: (monthly: number) => string;
}

export function useFormatters(): Formatters {
  const { t } = useTranslation();
  const language = useLanguage();
  return useMemo(() => {
    const { number: numberFormat, money: moneyFormat } = numberFormatsOf(localeOf(language));
    return {
      number: (value) => numberFormat.format(value),
      limit: (value) => (value === UNLIMITED ? t("common.unlimited") : numberFormat.format(value)),
      price: (monthly) => {
        const label = priceLabel(monthly);
        if (label.kind === "free") return t("pricing.free");
        if (label.kind === "custom") return t("pricing.custom");
        return t("pricing.perMonth", { price: moneyFormat.format(label.amount) });
      },
    };
  }, [language, t]);
}
