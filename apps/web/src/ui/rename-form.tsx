// Renaming in place: its open/closed state and text, and the form: one labelled input (its label for screen readers
// only), save and cancel.
import type { FormEvent } from "react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";

/** The rename's state: whether the form is open, and its text, which starts from the current name each time. */
export function useRenaming(current: string) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(current);
  return {
    open,
    value,
    setValue,
    start: () => {
      setValue(current);
      setOpen(true);
    },
    stop: () => setOpen(false),
  };
}

export function RenameForm({
  label,
  value,
  onChange,
  maxLength,
  onSave,
  onCancel,
  saveDisabled,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  /** Called on submit unless the name is blank. */
  onSave: () => void;
  onCancel: () => void;
  saveDisabled: boolean;
  /** Prefix of the test ids: `${testId}-input` and `${testId}-save`. */
  testId: string;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() !== "") onSave();
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <input
        id={inputId}
        dir="auto"
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        data-testid={`${testId}-input`}
        className="min-w-0 flex-1 rounded-xl border border-border bg-surface px-3 py-2 text-fg focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/40"
      />
      <Button type="submit" disabled={saveDisabled} data-testid={`${testId}-save`}>
        {t("common.save")}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        {t("common.cancel")}
      </Button>
    </form>
  );
}
