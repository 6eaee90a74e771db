import type { ReactNode } from 'react';
import { cn } from '../../../../lib/cn';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'right';
  /** Lets the cell wrap within a bounded width (prompts, reasons). */
  wide?: boolean;
}

/**
 * Rows as a table from `sm` up and as stacked cards (header: value) below it, so a phone never
 * scrolls sideways; `empty` says what would appear when there is nothing.
 */
export function DataTable<T>({
  label,
  rows,
  rowKey,
  columns,
  empty,
}: {
  label: string;
  rows: T[];
  rowKey: (row: T) => string | number;
  columns: Column<T>[];
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-zinc-400">{empty}</p>;
  const align = (column: Column<T>) => column.align === 'right' && 'text-right';
  return (
    <>
      <table className="hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">{label}</caption>
        <thead className="text-xs tracking-wide text-zinc-400 uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={cn('py-2 pr-3 font-medium', align(column))}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-glass-border text-zinc-300">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={cn(
                    'py-2.5 pr-3 align-top',
                    align(column),
                    column.wide && 'max-w-md break-words',
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label={label} className="flex flex-col gap-3 sm:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-2xl border border-glass-border p-3 text-sm">
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
              {columns.map((column) => (
                <div key={column.header} className="contents">
                  <dt className="text-xs text-zinc-400">{column.header}</dt>
                  <dd className="min-w-0 break-words text-zinc-200">{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
