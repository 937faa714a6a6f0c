// One titled card of the admin settings screen (site, services, history): the card is named by its heading.
import { type ReactNode, useId } from "react";
import { Card } from "../../ui/card";

export function SettingsCard({
  title,
  testId,
  gap,
  children,
}: {
  title: string;
  testId: string;
  gap: "gap-4" | "gap-5";
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} className={`flex flex-col ${gap}`} data-testid={testId}>
      <h2 id={headingId} className="text-xl font-bold text-fg">
        {title}
      </h2>
      {children}
    </Card>
  );
}
