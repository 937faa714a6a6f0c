// A part of a screen under its h2, which also names the section for assistive tech; an action (a button) may stand
// on the heading's line, at its end.
import { type ReactNode, useId } from "react";

export function TitledSection({
  title,
  action,
  className,
  testId,
  children,
}: {
  title: string;
  /** On the heading's line; the line is kept when the action is null. */
  action?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  const heading = (
    <h2 id={id} className="text-xl font-bold text-fg">
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} className={className} data-testid={testId}>
      {action === undefined ? (
        heading
      ) : (
        <div className="mb-3 flex flex-wrap items-center gap-3">
          {heading}
          {action}
        </div>
      )}
      {children}
    </section>
  );
}
