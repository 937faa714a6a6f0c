// A modal built on the native <dialog>: focus stays inside, Escape and the cancel button close it, and the
// confirm button runs the action (the stop confirmation and the model picker).
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "../../ui/button";

export function ModalDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  danger = false,
  pending = false,
  confirmDisabled = false,
  onConfirm,
  onClose,
  testId,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  pending?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    // jsdom has no showModal; the open attribute is enough there.
    if (typeof element.showModal === "function") element.showModal();
    else element.setAttribute("open", "");
    return () => {
      if (typeof element.close === "function" && element.open) element.close();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(92vw,30rem)] rounded-2xl border border-border bg-surface p-6 text-fg shadow-card backdrop:bg-overlay"
    >
      <form
        method="dialog"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending && !confirmDisabled) onConfirm();
        }}
      >
        <h2 id={titleId} className="text-xl font-bold text-fg" dir="auto">
          {title}
        </h2>
        {children}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose} data-testid={`${testId}-cancel`}>
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            className={danger ? "!bg-error text-white hover:opacity-90" : ""}
            disabled={pending || confirmDisabled}
            data-testid={`${testId}-confirm`}
          >
            {confirmLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
