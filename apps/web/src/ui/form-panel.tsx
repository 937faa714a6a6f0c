// The narrow centred card of a sign-in style screen: heading, lead and the form below, or the outcome with its link.
import type { ComponentProps, ReactNode } from "react";
import { ButtonLink } from "./button";

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

/** A panel's outcome: its alert or notice, then the one link onward. */
export function PanelOutcome({
  message,
  to,
  linkLabel,
  linkTestId,
  linkVariant,
}: {
  message: ReactNode;
  to: string;
  linkLabel: string;
  linkTestId: string;
  linkVariant?: ComponentProps<typeof ButtonLink>["variant"];
}) {
  return (
    <div className="flex flex-col gap-4">
      {message}
      <ButtonLink to={to} variant={linkVariant} data-testid={linkTestId}>
        {linkLabel}
      </ButtonLink>
    </div>
  );
}
