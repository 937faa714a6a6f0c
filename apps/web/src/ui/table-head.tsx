// A table's header row: one column header (`<th scope="col">`) per column, named through `label`.
import { Fragment, type ReactNode } from "react";

export function TableHead<Column extends string>({
  columns,
  label,
  cellClassName,
  className,
  rowClassName,
  header,
}: {
  columns: readonly Column[];
  label: (column: Column) => ReactNode;
  /** The same classes for every header, or chosen per column (alignment, trailing space). */
  cellClassName: string | ((column: Column) => string);
  className?: string;
  rowClassName?: string;
  /** A column that needs its own header cell (a sort button, a checkbox) returns it here; others return undefined. */
  header?: (column: Column) => ReactNode;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((column) => (
          <Fragment key={column}>
            {header?.(column) ?? (
              <th
                scope="col"
                className={
                  typeof cellClassName === "string" ? cellClassName : cellClassName(column)
                }
              >
                {label(column)}
              </th>
            )}
          </Fragment>
        ))}
      </tr>
    </thead>
  );
}
