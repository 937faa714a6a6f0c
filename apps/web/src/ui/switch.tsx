// An on/off switch (role="switch") with its visible label and an optional hint.

export function Switch({
  checked,
  onChange,
  label,
  hint,
  disabled = false,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  hint?: string;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      data-testid={testId}
      onClick={() => onChange(!checked)}
      className="flex w-full items-center justify-between gap-4 rounded-xl px-3 py-2.5 text-start hover:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-50"
    >
      <span className="flex flex-col">
        <span className="font-semibold text-fg">{label}</span>
        {hint ? <span className="text-xs text-fg-muted">{hint}</span> : null}
      </span>
      <span
        aria-hidden="true"
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 transition-colors ${
          checked ? "border-accent bg-accent" : "border-fg-muted bg-surface-muted"
        }`}
      >
        <span
          className={`absolute size-4 rounded-full transition-[inset-inline-start] ${
            checked ? "start-[1.375rem] bg-on-accent" : "start-0.5 bg-fg-muted"
          }`}
        />
      </span>
    </button>
  );
}
