// The dimmed layer behind a hand-built dialog (the command palette, the accessibility panel): a press on it closes it.

export function Backdrop({ testId, onDismiss }: { testId: string; onDismiss: () => void }) {
  return (
    <div
      aria-hidden="true"
      data-testid={testId}
      className="absolute inset-0 bg-overlay"
      onMouseDown={onDismiss}
    />
  );
}
