// i18next set-up, the language preference (aacos-lang, Hebrew by default) and applyLanguage, which sets <html lang dir>.
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { en, he } from "../locales/index";
import { readStorage, STORAGE_KEYS, writeStorage } from "./storage";

export const LANGUAGES = ["he", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "he";

export const resources = {
  he: { translation: he },
  en: { translation: en },
} as const;

export function isLanguage(value: unknown): value is Language {
  return value === "he" || value === "en";
}

export function directionOf(language: Language): "rtl" | "ltr" {
  return language === "he" ? "rtl" : "ltr";
}

export function storedLanguage(): Language {
  const value = readStorage(STORAGE_KEYS.language);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** Locale tag for Intl formatting. */
export function localeOf(language: Language): string {
  return language === "he" ? "he-IL" : "en-US";
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** The one place the interface language changes: html lang and dir, storage and the i18n instance. */
export function applyLanguage(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
  writeStorage(STORAGE_KEYS.language, language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
