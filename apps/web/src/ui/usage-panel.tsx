// The plan's limits as labelled bars (calls per minute, hour and day, concurrent requests, storage), each with a note.
import type { ReactNode } from "react";
import type { UsageRowData } from "../lib/usage-rows";
import { LimitBar } from "./limit-bar";

export type UsageRow = UsageRowData;

/** The lines under a row's bar, in order: what the limit means (or its reset), then where it comes from. */
const ROW_LINES = [
  { part: "note", className: "mt-1 text-xs text-fg-muted tabular-nums" },
  { part: "source", className: "mt-0.5 text-xs text-fg-muted" },
] as const satisfies readonly { part: keyof UsageRow; className: string }[];

export function UsagePanel({
  title,
  rows,
  footer,
  testId = "usage-panel",
  headingLevel = 3,
}: {
  title: string;
  rows: readonly UsageRow[];
  footer?: ReactNode;
  testId?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div data-testid={testId} className="flex flex-col gap-4">
      <Heading className="text-sm font-bold uppercase tracking-wider text-fg-muted">
        {title}
      </Heading>
      <ul className="grid gap-4 sm:grid-cols-2">
        {rows.map((row) => (
          <li
            key={row.key}
            data-testid={`${testId}-${row.key}`}
            data-percent={Math.round(row.percent)}
          >
            <LimitBar label={row.label} valueText={row.valueText} percent={row.percent} />
            {ROW_LINES.map(({ part, className }) =>
              row[part] ? (
                <p key={part} className={className} data-testid={`${testId}-${row.key}-${part}`}>
                  {row[part]}
                </p>
              ) : null,
            )}
          </li>
        ))}
      </ul>
      {footer}
    </div>
  );
}
