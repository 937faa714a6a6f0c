// i18next set-up, the language preference (aacos-lang, Hebrew by default) and applyLanguage, which sets <html lang dir>.
// Hebrew is bundled; English is fetched the first time it is needed (loadLanguage), so the first load carries one.
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { heResource } from "../locales/he-resource";
import type { Catalogue } from "./dual-forms";
import { readStorage, STORAGE_KEYS, writeStorage } from "./storage";

export const LANGUAGES = ["he", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "he";

export const resources = {
  he: { translation: heResource },
} as const;

/** The catalogues not in the first load. */
const LOADERS: Partial<Record<Language, () => Promise<Catalogue>>> = {
  en: () => import("../locales/en").then((module) => module.en),
};

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

/** Fetches a language's catalogue once (a no-op for Hebrew, which is bundled). */
export async function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, "translation")) return;
  const load = LOADERS[language];
  if (load === undefined) return;
  i18n.addResourceBundle(language, "translation", await load(), true, true);
}

function switchTo(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
  writeStorage(STORAGE_KEYS.language, language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

/**
 * The one place the interface language changes: html lang and dir, storage and the i18n instance — at once when
 * the catalogue is here, otherwise as soon as it has loaded (the page stays in the old language meanwhile).
 */
export function applyLanguage(language: Language): void {
  if (i18n.hasResourceBundle(language, "translation")) {
    switchTo(language);
    return;
  }
  loadLanguage(language).then(
    () => switchTo(language),
    (error: unknown) => console.error(`Could not load the ${language} messages`, error),
  );
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
