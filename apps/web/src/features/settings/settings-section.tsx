// One titled card of the settings screen, labelled by its heading.
import { type ReactNode, useId } from "react";
import { Card } from "../../ui/card";

export function SettingsSection({
  title,
  lead,
  testId,
  aside,
  children,
}: {
  title: string;
  lead?: string;
  testId: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card>
      <section aria-labelledby={headingId} data-testid={testId} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={headingId} className="text-xl font-bold text-fg">
              {title}
            </h2>
            {lead ? <p className="mt-1 text-sm text-fg-muted">{lead}</p> : null}
          </div>
          {aside}
        </div>
        {children}
      </section>
    </Card>
  );
}
