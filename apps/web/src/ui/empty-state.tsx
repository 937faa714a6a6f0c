// A guiding empty state: an icon, a title that says the next step, a line of explanation and the action for it.
import type { ReactNode } from "react";
import { Icon, type IconName } from "./icon";

export function EmptyState({
  icon,
  title,
  body,
  action,
  testId,
}: {
  icon: IconName;
  title: string;
  body: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-surface px-6 py-10 text-center"
    >
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-2xl bg-surface-muted text-accent-text"
      >
        <Icon name={icon} className="size-6" />
      </span>
      <h2 className="text-xl font-bold text-fg">{title}</h2>
      <p className="max-w-md text-fg-muted">{body}</p>
      {action}
    </div>
  );
}
