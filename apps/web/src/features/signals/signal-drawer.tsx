// One signal in full, in a side drawer (ui/dialog's Drawer): Escape or the close button closes it; focus moves into it.
import { useTranslation } from "react-i18next";
import { signalKindText, signalSourceText } from "../../lib/server-words";
import { Drawer } from "../../ui/dialog";
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
  return (
    <Drawer
      title={t("live.signals.detail", { id: signal.id })}
      closeLabel={t("live.close")}
      onClose={onClose}
      testId="signal-drawer"
    >
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
    </Drawer>
  );
}
