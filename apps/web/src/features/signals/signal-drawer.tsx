// One signal in full, in a side drawer (a modal dialog): Escape or the close button closes it; focus moves into it.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { signalKindText, signalSourceText } from "../../lib/server-words";
import { buttonClasses } from "../../ui/button";
import type { SignalView } from "./signal-batch";

export function SignalDrawer({
  signal,
  formatDate,
  onClose,
}: {
  signal: SignalView;
  formatDate: (iso: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus();
    };
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-40 flex justify-end bg-overlay">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="signal-drawer-title"
        className="flex h-full w-full max-w-md flex-col gap-4 overflow-y-auto border-s border-border bg-surface p-6 shadow-card"
        data-testid="signal-drawer"
      >
        <div className="flex items-center justify-between gap-2">
          <h2 id="signal-drawer-title" className="text-xl font-bold text-fg">
            {t("live.signals.detail", { id: signal.id })}
          </h2>
          <button
            type="button"
            ref={closeRef}
            className={buttonClasses("ghost")}
            onClick={onClose}
            data-testid="signal-drawer-close"
          >
            {t("live.close")}
          </button>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-semibold text-fg-muted">{t("live.signals.kind")}</dt>
          <dd className="text-fg">{signalKindText(t, signal.kind)}</dd>
          <dt className="font-semibold text-fg-muted">{t("live.signals.source")}</dt>
          <dd className="text-fg">{signalSourceText(t, signal.source)}</dd>
          <dt className="font-semibold text-fg-muted">{t("live.signals.severity")}</dt>
          <dd className="text-fg">{signal.severity}</dd>
          <dt className="font-semibold text-fg-muted">{t("live.signals.time")}</dt>
          <dd className="text-fg">{formatDate(signal.createdAt)}</dd>
        </dl>
        <pre
          dir="ltr"
          className="overflow-x-auto rounded-xl bg-surface-muted p-3 text-xs text-fg"
          data-testid="signal-drawer-data"
        >
          {JSON.stringify(signal.data, null, 2)}
        </pre>
      </div>
    </div>
  );
}
