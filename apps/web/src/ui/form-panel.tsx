// The narrow centred card of a sign-in style screen: heading, lead and the form below.
import type { ReactNode } from "react";

export function FormPanel({
  title,
  lead,
  testId,
  children,
}: {
  title: string;
  lead?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16" data-testid={testId}>
      <div className="rounded-2xl border border-border bg-surface p-6 shadow-card sm:p-8">
        <h1 className="text-2xl font-extrabold text-fg sm:text-3xl">{title}</h1>
        {lead ? <p className="mt-2 text-fg-muted">{lead}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
