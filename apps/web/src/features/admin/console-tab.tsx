// The admin console's shared tab parts: the card with its titled section, its scrolling table and header row, its
// search box and status filter, a clickable list row that opens a drawer (resolve-drawer.tsx has the drawer of things
// an admin marks as handled).
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../ui/card";
import { SelectField, TextField } from "../../ui/form-field";
import { TableHead } from "../../ui/table-head";

/** A wide table in a scrolling region the keyboard can reach, named by the tab's heading. */
export function ScrollTable({
  labelledBy,
  minWidth,
  testId,
  children,
}: {
  labelledBy: string;
  minWidth: "min-w-[48rem]" | "min-w-[56rem]" | "min-w-[60rem]";
  testId: string;
  children: ReactNode;
}) {
  return (
    <section
      className="overflow-x-auto rounded-xl border border-border"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-labelledby={labelledBy}
    >
      <table className={`w-full ${minWidth} text-start text-sm`} data-testid={testId}>
        {children}
      </table>
    </section>
  );
}

/** A console table's header row, in the console's colours and spacing; `header` as in ui/table-head. */
export function ConsoleTableHead<Column extends string>({
  columns,
  label,
  header,
}: {
  columns: readonly Column[];
  label: (column: Column) => ReactNode;
  header?: (column: Column) => ReactNode;
}) {
  return (
    <TableHead
      className="bg-surface-muted text-fg"
      columns={columns}
      label={label}
      cellClassName="px-3 py-2 text-start"
      header={header}
    />
  );
}

/** A cell of left-to-right text (names, actions, addresses) that still starts at the line's start. */
export function LtrCell({
  className = "px-3 py-2",
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  return (
    <td className={className} dir="ltr">
      <span className="block text-start">{children}</span>
    </td>
  );
}

/**
 * A console tab: a card holding a section named by its heading; `actions` stand beside the heading, `drawer` after it.
 * A tab whose table is named by the heading too passes the heading's id.
 */
export function ConsoleTab({
  headingId: givenId,
  title,
  testId,
  actions,
  drawer,
  gap = "gap-4",
  children,
}: {
  headingId?: string;
  title: string;
  testId: string;
  actions?: ReactNode;
  drawer?: ReactNode;
  gap?: "gap-4" | "gap-5";
  children: ReactNode;
}) {
  const ownId = useId();
  const headingId = givenId ?? ownId;
  const heading = (
    <h2 id={headingId} className="text-xl font-bold text-fg">
      {title}
    </h2>
  );
  return (
    <Card>
      <section className={`flex flex-col ${gap}`} aria-labelledby={headingId} data-testid={testId}>
        {actions ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            {heading}
            {actions}
          </div>
        ) : (
          heading
        )}
        {children}
      </section>
      {drawer}
    </Card>
  );
}

/** A tab's search box: free text for the server to match, at most 100 characters, in either direction. */
export function ConsoleSearch({
  label,
  testId,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <TextField
      label={label}
      type="search"
      dir="auto"
      maxLength={100}
      testId={testId}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A tab's status filter: open, resolved (and, where the tab has it, all). */
export function StatusSelect<Status extends "open" | "resolved" | "all">({
  statuses,
  value,
  onChange,
  testId,
}: {
  statuses: readonly Status[];
  value: Status;
  onChange: (status: Status) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t("adminConsole.status")}
      testId={testId}
      value={value}
      onChange={(event) => {
        onChange(event.target.value as Status);
      }}
    >
      {statuses.map((name) => (
        <option key={name} value={name}>
          {t(`adminConsole.statuses.${name}`)}
        </option>
      ))}
    </SelectField>
  );
}

/** A list of rows that each open a drawer; `keyOf` names a row among the others. */
export function DrawerRows<T>({
  items,
  keyOf,
  onOpen,
  testId,
  children,
}: {
  items: readonly T[];
  keyOf: (item: T, index: number) => string;
  onOpen: (item: T) => void;
  testId: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
      {items.map((item, index) => (
        <li key={keyOf(item, index)}>
          <button
            type="button"
            className="flex w-full flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-3 text-start hover:bg-surface-muted"
            onClick={() => onOpen(item)}
            data-testid={testId}
          >
            {children(item)}
          </button>
        </li>
      ))}
    </ul>
  );
}
