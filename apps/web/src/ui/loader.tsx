// A spinner with a visible, announced message (loading screens, the guard's permission check).

export function Loader({ message, fullHeight = false }: { message: string; fullHeight?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex flex-col items-center justify-center gap-3 py-12 text-fg-muted ${fullHeight ? "min-h-[50vh]" : ""}`}
    >
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-surface-muted border-t-primary"
      />
      <span>{message}</span>
    </div>
  );
}
