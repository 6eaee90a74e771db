/**
 * One list markup for every width: a table from `sm` up, stacked cards below it (each cell a
 * line with its column's name from `data-label`), so 390 px never scrolls sideways.
 */
export const tableStyles = {
  table: 'w-full border-collapse text-left text-sm max-sm:block',
  head: 'text-xs tracking-wide text-zinc-400 uppercase max-sm:sr-only',
  headCell: 'px-3 pb-2 font-medium',
  body: 'max-sm:flex max-sm:flex-col max-sm:gap-3',
  row: 'border-t border-glass-border align-top max-sm:glass-panel max-sm:block max-sm:rounded-2xl max-sm:border max-sm:p-4',
  cell: 'px-3 py-3 text-zinc-200 max-sm:block max-sm:px-0 max-sm:py-1 max-sm:before:block max-sm:before:text-xs max-sm:before:text-zinc-500 max-sm:before:content-[attr(data-label)]',
} as const;
