// biome-ignore-all lint/a11y/noRedundantRoles: the roles are deliberate: below the small breakpoint the table is `display: block`, which drops its table semantics in some browsers (see below)
import type { ReactNode } from 'react';

// A table that reads as a table from the small breakpoint up and as one card per row below
// it, with every field and action in view: a table scrolling sideways inside its box hides
// its right-hand columns on a phone with no cue that they are there. One table in the
// document at every width (CSS changes only its look), so a screen reader reads the same
// rows and headers everywhere; the explicit roles keep them in browsers that drop table
// semantics when a table's display changes.

export type StackedColumn = {
  /** The column header; also each card's label for the cell (not read twice: the header names the cell). */
  header: string;
  /** Shown to screen readers only, e.g. the actions column's header. */
  hiddenHeader?: boolean;
  /** At the right: amounts and actions. */
  end?: boolean;
};

/** The table; `minWidth` is the width below which it scrolls inside its box between the small and larger breakpoints. */
export function StackedTable({
  caption,
  columns,
  minWidth,
  className = 'text-sm',
  children,
}: {
  caption: string;
  columns: readonly StackedColumn[];
  minWidth: 'sm' | 'md';
  className?: string;
  children: ReactNode;
}) {
  return (
    // `relative`: the visually hidden caption and headers stay inside the box instead of widening the page.
    <div className="relative sm:overflow-x-auto sm:rounded-xl sm:border sm:border-slate-200">
      <table
        role="table"
        className={`w-full border-collapse text-left max-sm:block ${minWidth === 'sm' ? 'sm:min-w-[36rem]' : 'sm:min-w-[40rem]'} ${className}`}
      >
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="bg-canvas max-sm:sr-only">
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.header}
                role="columnheader"
                scope="col"
                className={`px-3 py-2 text-xs font-semibold tracking-wide text-muted uppercase ${column.end ? 'text-right' : 'text-left'}`}
              >
                {column.hiddenHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-slate-200 max-sm:block max-sm:space-y-3 sm:divide-y">
          {children}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One row: a card with a border below the small breakpoint. `compact` makes the card a grid of
 * a line or two instead of a line per cell: its cells are `bare` and say where they go
 * (`compactClassName`).
 */
export function StackedRow({
  compact,
  compactClassName = '',
  children,
}: {
  compact?: boolean;
  compactClassName?: string;
  children: ReactNode;
}) {
  return (
    <tr
      role="row"
      className={`align-top max-sm:rounded-xl max-sm:border max-sm:border-slate-200 ${compact ? `max-sm:grid max-sm:px-3 max-sm:py-1.5 ${compactClassName}` : 'max-sm:block max-sm:p-3'}`}
    >
      {children}
    </tr>
  );
}

/**
 * One cell. Below the small breakpoint it is a line of the card: the column's name on the
 * left (hidden from screen readers, which have the header), the value on the right; the
 * actions cell (`label` omitted) puts its buttons at the card's end.
 */
export function StackedCell({
  label,
  end,
  bare,
  className = '',
  children,
}: {
  label?: string;
  end?: boolean;
  /** In a compact row: no label and no line of its own below the small breakpoint; `className` places it in the row's grid. */
  bare?: boolean;
  className?: string;
  children: ReactNode;
}) {
  if (bare) {
    return (
      <td
        role="cell"
        className={`px-3 py-3 align-top max-sm:block max-sm:min-w-0 max-sm:p-0 ${end ? 'text-right' : ''} ${className}`}
      >
        {children}
      </td>
    );
  }
  return (
    <td
      role="cell"
      className={`px-3 py-3 align-top max-sm:flex max-sm:items-baseline max-sm:gap-3 max-sm:px-0 max-sm:py-1.5 ${label ? 'max-sm:justify-between' : 'max-sm:justify-end max-sm:pt-2'} ${end ? 'text-right' : ''} ${className}`}
    >
      {label ? (
        <span
          aria-hidden="true"
          className="shrink-0 text-xs font-semibold tracking-wide text-muted uppercase sm:hidden"
        >
          {label}
        </span>
      ) : null}
      <div className="min-w-0 max-sm:text-right">{children}</div>
    </td>
  );
}
