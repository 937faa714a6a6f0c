// The header's search button: opens the command palette (for pointer users; Ctrl/Cmd+K does the same).
import { useTranslation } from "react-i18next";
import { Icon } from "../ui/icon";
import { useShellStore } from "./shell-store";

export function PaletteButton() {
  const { t } = useTranslation();
  const setOpen = useShellStore((state) => state.setPaletteOpen);
  return (
    <button
      type="button"
      data-testid="command-palette-button"
      aria-haspopup="dialog"
      aria-keyshortcuts="Control+K Meta+K"
      onClick={() => setOpen(true)}
      className="inline-flex items-center gap-1.5 rounded-xl border border-border bg-surface px-3 py-2 text-sm font-semibold text-fg hover:border-primary"
    >
      <Icon name="compass" className="size-4" />
      {/* The name is the visible shortcut after a screen-reader-only description (WCAG 2.5.3, label in name). */}
      <span className="sr-only">{t("palette.openButton")} </span>
      <kbd dir="ltr" className="hidden font-sans text-xs text-fg-muted lg:inline">
        {t("palette.shortcutKeys")}
      </kbd>
    </button>
  );
}
