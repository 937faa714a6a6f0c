// The console's dialogs, in the console's words: a confirmation for destructive actions (an alertdialog whose error
// is the failed call's code, translated) and a side drawer for details, both the shared ui/dialog ones; and the
// pieces the drawers show.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../lib/messages";
import { ConfirmDialog as Confirm, Drawer } from "../../ui/dialog";
import { FormAlert } from "../../ui/form-alert";

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
  /** The failed call (null: none), shown by its code in the interface language. */
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Confirm
      role="alertdialog"
      title={title}
      body={body}
      error={
        error !== null && error !== undefined ? <FormAlert>{errorText(t, error)}</FormAlert> : null
      }
      confirmLabel={pending ? t("common.saving") : confirmLabel}
      cancelLabel={t("common.cancel")}
      danger
      pending={pending}
      onConfirm={onConfirm}
      onClose={onCancel}
      testId={testId}
      confirmTestId={`${testId}-yes`}
    />
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
  return (
    <Drawer title={title} closeLabel={t("common.close")} onClose={onClose} wide testId={testId}>
      {children}
    </Drawer>
  );
}

/** One label–value pair of a drawer; "ltr" keeps a value (an address, an action, a name) left to right. */
export type DetailRow = readonly [label: string, value: ReactNode, direction?: "ltr"];

/** Label–value pairs of a drawer. */
export function DetailList({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value, direction]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-fg-muted">{label}</dt>
          <dd className="break-words text-fg">
            {direction === "ltr" ? <span dir="ltr">{value}</span> : value}
          </dd>
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
