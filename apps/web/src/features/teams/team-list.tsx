// A team section's list (open invitations, shared universes): its empty line, or one row an item with its name, a
// line of detail and its actions.
import type { ReactNode } from "react";
import { CompactButton } from "../../ui/compact-button";
import type { Run } from "./team-detail";

export function TeamList<Item>({
  items,
  empty,
  testId,
  children,
}: {
  items: Item[];
  empty: string;
  /** The list's test id; the empty line's is `${testId}-empty`. */
  testId: string;
  children: (item: Item) => ReactNode;
}) {
  if (items.length === 0) {
    return (
      <p className="text-sm text-fg-muted" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  }
  return (
    <ul className="flex flex-col divide-y divide-border" data-testid={testId}>
      {items.map(children)}
    </ul>
  );
}

export function TeamListRow({
  name,
  nameDir,
  detail,
  testId,
  children,
}: {
  name: string;
  /** An address reads left to right; a name the user wrote takes its own direction. */
  nameDir: "ltr" | "auto";
  detail: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid={testId}>
      <span className="flex flex-col">
        <span className="font-semibold text-fg" dir={nameDir}>
          {name}
        </span>
        <span className="text-xs text-fg-muted">{detail}</span>
      </span>
      {children}
    </li>
  );
}

/** A row's action (revoke, stop sharing), run the way the team panel runs each: its done line, or its failure. */
export function TeamRowAction({
  label,
  testId,
  run,
  action,
  done,
}: {
  label: string;
  testId: string;
  run: Run;
  action: () => Promise<unknown>;
  done: string;
}) {
  return (
    <CompactButton variant="secondary" data-testid={testId} onClick={() => void run(action, done)}>
      {label}
    </CompactButton>
  );
}
