// A confirmation asked in place, under what it would remove: the question, the confirming button, and cancel.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";

export function InlineConfirm({
  question,
  confirmLabel,
  onConfirm,
  onCancel,
  pending,
  testId,
}: {
  question: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the removal runs, the confirming button cannot be pressed again. */
  pending: boolean;
  /** The confirming button's test id. */
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-xl border border-error px-3 py-2">
      <span className="text-sm text-fg">{question}</span>
      <Button onClick={onConfirm} disabled={pending} data-testid={testId}>
        {confirmLabel}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        {t("common.cancel")}
      </Button>
    </div>
  );
}
