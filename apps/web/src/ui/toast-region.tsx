// Passing notices in a polite live region at the top end of the screen; each has a close button and the caller
// removes it after a while. The region is always in the page, so screen readers hear what is added to it.
import { Icon } from "./icon";

export interface Toast {
  id: number;
  text: string;
  tone?: "accent" | "success";
  testId?: string;
}

export function ToastRegion({
  toasts,
  label,
  closeLabel,
  onClose,
}: {
  toasts: readonly Toast[];
  label: string;
  closeLabel: string;
  onClose: (id: number) => void;
}) {
  return (
    <section
      aria-label={label}
      data-testid="toasts"
      // Never higher than the header's bottom edge (the shell sets --shell-header-height; the upgrade strip with its
      // slide-in and celebration lives in the header): more toasts than fit scroll, the newest in view.
      style={{ maxHeight: "calc(100dvh - var(--shell-header-height, 0px) - 6rem)" }}
      className="pointer-events-none fixed bottom-20 end-3 z-40 flex w-[min(22rem,calc(100vw-1.5rem))] flex-col gap-2"
    >
      <div
        role="status"
        aria-live="polite"
        aria-atomic="false"
        className="flex min-h-0 flex-col-reverse gap-2 overflow-y-auto"
      >
        {[...toasts].reverse().map((toast) => (
          <div
            key={toast.id}
            data-testid={toast.testId ?? "toast"}
            className="pointer-events-auto flex items-center gap-3 rounded-2xl border border-border bg-surface px-4 py-3 shadow-card motion-safe:animate-prompt-rise"
          >
            <span
              aria-hidden="true"
              className={toast.tone === "success" ? "text-success" : "text-accent-text"}
            >
              <Icon name={toast.tone === "success" ? "trophy" : "zap"} className="size-5" />
            </span>
            <p className="min-w-0 flex-1 text-sm font-semibold text-fg">{toast.text}</p>
            <button
              type="button"
              onClick={() => onClose(toast.id)}
              aria-label={closeLabel}
              className="rounded-lg p-1 text-fg-muted hover:bg-surface-muted hover:text-fg"
            >
              <Icon name="close" className="size-4" />
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
