// The console's modal dialogs: a confirmation for destructive actions and a side drawer for details. Focus moves in,
// stays in (Tab wraps), Escape closes, and focus returns to what opened it.
import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../lib/messages";
import { Button, buttonClasses } from "../../ui/button";
import { FormAlert } from "../../ui/form-alert";

const FOCUSABLE = "button:not([disabled]), a[href], input, select, textarea, [tabindex='0']";

function useModal(
  panel: RefObject<HTMLElement | null>,
  first: RefObject<HTMLElement | null>,
  onClose: () => void,
) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    first.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== "Tab" || panel.current === null) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const head = items[0];
      const tail = items.at(-1);
      if (head === undefined || tail === undefined) return;
      if (event.shiftKey && document.activeElement === head) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus();
    };
  }, [panel, first]);
}

export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onCancel,
  testId = "admin-confirm",
}: {
  title: string;
  body: ReactNode;
  confirmLabel: string;
  pending: boolean;
  /** The server's English message, shown translated. */
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useModal(panel, cancel, onCancel);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-overlay p-4">
      <div
        ref={panel}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        data-testid={testId}
        className="flex w-full max-w-md flex-col gap-4 rounded-2xl border border-border bg-surface p-6 shadow-card"
      >
        <h2 id={titleId} className="text-lg font-bold text-fg">
          {title}
        </h2>
        <div id={bodyId} className="text-sm text-fg-muted">
          {body}
        </div>
        {error !== null ? <FormAlert>{translateMessage(t, error)}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <button
            type="button"
            ref={cancel}
            className={buttonClasses("secondary")}
            onClick={onCancel}
            data-testid={`${testId}-cancel`}
          >
            {t("common.cancel")}
          </button>
          <Button
            className="!bg-error hover:opacity-90"
            disabled={pending}
            onClick={onConfirm}
            data-testid={`${testId}-yes`}
          >
            {pending ? t("common.saving") : confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}

export function DetailDrawer({
  title,
  children,
  onClose,
  testId,
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useModal(panel, close, onClose);
  return (
    <div className="fixed inset-0 z-50 flex justify-end bg-overlay">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        className="flex h-full w-full max-w-xl flex-col gap-4 overflow-y-auto border-s border-border bg-surface p-6 shadow-card"
      >
        <div className="flex items-start justify-between gap-2">
          <h2 id={titleId} className="text-xl font-bold text-fg" dir="auto">
            {title}
          </h2>
          <button
            type="button"
            ref={close}
            className={buttonClasses("ghost")}
            onClick={onClose}
            data-testid={`${testId}-close`}
          >
            {t("common.close")}
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/** Label–value pairs of a drawer. */
export function DetailList({ rows }: { rows: readonly [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-fg-muted">{label}</dt>
          <dd className="break-words text-fg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** JSON or a stack trace, left to right whatever the page's direction. */
export function CodeBlock({ children, testId }: { children: string; testId?: string }) {
  return (
    <pre
      dir="ltr"
      data-testid={testId}
      className="max-h-80 overflow-auto rounded-xl bg-surface-muted p-3 text-start text-xs text-fg"
    >
      {children}
    </pre>
  );
}
