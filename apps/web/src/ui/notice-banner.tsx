// A full-width notice strip (offline, update available): a status message with an optional action beside it.
import type { ReactNode } from "react";

const TONES = {
  info: "bg-info text-white dark:text-background",
  warning: "bg-warning text-white dark:text-background",
} as const;

export function NoticeBanner({
  tone = "info",
  children,
  action,
  testId,
}: {
  tone?: keyof typeof TONES;
  children: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      role="status"
      data-testid={testId}
      className={`${TONES[tone]} px-4 py-2 text-sm font-semibold`}
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-4 gap-y-1 text-center">
        <span>{children}</span>
        {action}
      </div>
    </div>
  );
}
