import type { ReactNode } from "react";

/** One column heading: its text (or an element, e.g. a screen-reader-only label) and classes for this cell only. */
export interface TableColumn {
  label: ReactNode;
  /** Added after the table's `cellClassName`, e.g. "text-right" for a numeric column. */
  className?: string;
}

/**
 * A table's `<thead>` with one row of `<th scope="col">` cells, one per column,
 * in order. Every cell gets `cellClassName`, then its column's `className`.
 */
export function TableHead({
  columns,
  className,
  cellClassName,
}: {
  columns: ReadonlyArray<TableColumn>;
  className?: string;
  cellClassName: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col" className={column.className ? `${cellClassName} ${column.className}` : cellClassName}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
