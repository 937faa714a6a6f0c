// The header's language switch between Hebrew and English.
import { useTranslation } from "react-i18next";
import { applyLanguage } from "../lib/i18n";
import { useLanguage } from "../lib/use-language";
import { Icon } from "../ui/icon";

export function LanguageToggle() {
  const { t } = useTranslation();
  const language = useLanguage();
  const target = language === "he" ? "en" : "he";
  return (
    <button
      type="button"
      data-testid="language-toggle"
      onClick={() => applyLanguage(target)}
      className="inline-flex items-center gap-1.5 rounded-xl border border-border bg-surface px-3 py-2 text-sm font-semibold text-fg hover:border-primary"
    >
      <Icon name="globe" className="size-4" />
      {/* Named "Change language: English" — the visible word inside the name (WCAG 2.5.3, label in name). */}
      <span className="sr-only">{t("language.label")} </span>
      <span lang={target}>{t("language.target")}</span>
    </button>
  );
}
