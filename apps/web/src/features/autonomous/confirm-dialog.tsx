// A modal confirmation (native <dialog>): a title, what will happen, cancel and a confirming action.
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button";

export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  danger = false,
  busy = false,
  onConfirm,
  onClose,
  testId,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid={testId}
      onClose={onClose}
      className="m-auto w-[min(92vw,28rem)] rounded-2xl border border-border bg-surface p-6 text-fg shadow-card backdrop:bg-overlay"
    >
      <div className="flex flex-col gap-4">
        <h2 id={titleId} className="text-xl font-bold text-fg">
          {title}
        </h2>
        <p id={bodyId} className="text-sm text-fg">
          {body}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose} data-testid={`${testId}-cancel`}>
            {t("autonomous.rules.cancel")}
          </Button>
          <Button
            className={danger ? "bg-error text-white hover:bg-error" : ""}
            disabled={busy}
            onClick={onConfirm}
            data-testid={`${testId}-confirm`}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
