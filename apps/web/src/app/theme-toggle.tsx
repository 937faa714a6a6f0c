// The header's theme button: cycles light → dark → system.
import { useTranslation } from "react-i18next";
import { useTheme } from "../lib/theme";
import { nextThemePreference, type ThemePreference } from "../lib/theme-preference";
import { Icon, type IconName } from "../ui/icon";

const ICONS: Record<ThemePreference, IconName> = { light: "sun", dark: "moon", system: "monitor" };

export function ThemeToggle() {
  const { t } = useTranslation();
  const { preference, cycle } = useTheme();
  const current = t(`theme.${preference}`);
  const next = t(`theme.${nextThemePreference(preference)}`);
  return (
    <button
      type="button"
      data-testid="theme-toggle"
      data-theme-preference={preference}
      aria-label={t("theme.label", { current, next })}
      onClick={cycle}
      className="inline-flex items-center gap-1.5 rounded-xl border border-border bg-surface px-3 py-2 text-sm font-semibold text-fg hover:border-primary"
    >
      <Icon name={ICONS[preference]} className="size-4" />
      <span>{current}</span>
    </button>
  );
}
