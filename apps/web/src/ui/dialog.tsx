// Modal dialogs on the native <dialog>: the base (Dialog), a confirmation (ConfirmDialog) and a side panel (Drawer).
// The browser keeps focus inside a modal and makes the page behind it inert; Escape asks the owner to close, focus
// returns to what opened the dialog, and the title labels it. Texts come in as props, like every ui/ component.
import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { Button, buttonClasses } from "./button";

/** Opens `dialog` as a modal while `open`, closes it after, and turns Escape into `onClose`. */
function useModal(
  dialog: RefObject<HTMLDialogElement | null>,
  open: boolean,
  onClose: () => void,
  initialFocus?: RefObject<HTMLElement | null>,
) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const element = dialog.current;
    if (element === null || !open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no modal dialogs: the open attribute is what it shows.
    if (typeof element.showModal !== "function") element.setAttribute("open", "");
    else if (!element.open) element.showModal();
    initialFocus?.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // Cancelling the key also cancels the browser's own close request, so the owner alone decides.
      event.preventDefault();
      close.current();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (typeof element.close !== "function") element.removeAttribute("open");
      else if (element.open) element.close();
      previous?.focus();
    };
  }, [dialog, open, initialFocus]);
}

export function Dialog({
  open = true,
  onClose,
  labelledBy,
  describedBy,
  role,
  placement = "center",
  className = "",
  testId,
  initialFocus,
  children,
}: {
  /** Mounted but closed dialogs keep their element (and its state); unmounting closes too. */
  open?: boolean;
  onClose: () => void;
  /** The id of the title. */
  labelledBy: string;
  describedBy?: string;
  /** "alertdialog" for a confirmation of something that cannot be undone. */
  role?: "alertdialog";
  /** In the middle of the screen, or a full-height panel on the reading end's side. */
  placement?: "center" | "end";
  className?: string;
  testId?: string;
  /** What takes the focus on opening; otherwise the browser's choice (the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useModal(dialog, open, onClose, initialFocus);
  const shape =
    placement === "end"
      ? "my-0 me-0 ms-auto h-full max-h-full w-full overflow-y-auto border-s border-border p-6"
      : "m-auto rounded-2xl border border-border p-6";
  return (
    <dialog
      ref={dialog}
      role={role}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`${shape} bg-surface text-fg shadow-card backdrop:bg-overlay ${className}`.trim()}
    >
      {children}
    </dialog>
  );
}

/**
 * A question before an action: title, what will happen, any fields, cancel and the confirming button. The body is a
 * form, so Enter in a field confirms too.
 */
export function ConfirmDialog({
  open = true,
  title,
  titleDir,
  body,
  children,
  error,
  confirmLabel,
  cancelLabel,
  danger = false,
  pending = false,
  confirmDisabled = false,
  role,
  wide = false,
  onConfirm,
  onClose,
  testId,
  cancelTestId = `${testId}-cancel`,
  confirmTestId = `${testId}-confirm`,
}: {
  open?: boolean;
  title: string;
  titleDir?: "auto";
  body?: ReactNode;
  /** Fields or notes between the body and the buttons. */
  children?: ReactNode;
  /** An alert shown above the buttons (the caller's FormAlert). */
  error?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  pending?: boolean;
  confirmDisabled?: boolean;
  role?: "alertdialog";
  wide?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
  cancelTestId?: string;
  confirmTestId?: string;
}) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      describedBy={body === undefined ? undefined : bodyId}
      role={role}
      testId={testId}
      className={wide ? "w-[min(92vw,30rem)]" : "w-[min(92vw,28rem)]"}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending && !confirmDisabled) onConfirm();
        }}
      >
        <h2 id={titleId} className="text-xl font-bold text-fg" dir={titleDir}>
          {title}
        </h2>
        {body === undefined ? null : (
          <div id={bodyId} className="text-sm text-fg">
            {body}
          </div>
        )}
        {children}
        {error}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose} data-testid={cancelTestId}>
            {cancelLabel}
          </Button>
          <Button
            type="submit"
            className={danger ? "!bg-error text-white hover:opacity-90" : ""}
            disabled={pending || confirmDisabled}
            data-testid={confirmTestId}
          >
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Details in a full-height side panel with a close button that takes the focus. */
export function Drawer({
  title,
  closeLabel,
  onClose,
  wide = false,
  testId,
  closeTestId = `${testId}-close`,
  children,
}: {
  title: string;
  closeLabel: string;
  onClose: () => void;
  wide?: boolean;
  testId: string;
  closeTestId?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  const close = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      onClose={onClose}
      labelledBy={titleId}
      placement="end"
      testId={testId}
      initialFocus={close}
      className={wide ? "max-w-xl" : "max-w-md"}
    >
      <div className="flex flex-col gap-4">
        <div className="flex items-start justify-between gap-2">
          <h2 id={titleId} className="text-xl font-bold text-fg" dir="auto">
            {title}
          </h2>
          <button
            type="button"
            ref={close}
            className={buttonClasses("ghost")}
            onClick={onClose}
            data-testid={closeTestId}
          >
            {closeLabel}
          </button>
        </div>
        {children}
      </div>
    </Dialog>
  );
}
