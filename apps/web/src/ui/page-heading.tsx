// The title block of a screen: an h1 and an optional lead paragraph.
import type { ReactNode } from "react";

export function PageHeading({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">{title}</h1>
      {lead ? <p className="mt-3 max-w-3xl text-lg text-fg-muted">{lead}</p> : null}
      {children}
    </div>
  );
}
