/** How a list's lines read in one line: the first few, and how many in all. */
export function linesSummary(values: readonly string[]): string {
  const shown = values.slice(0, 3).join(', ');
  const more = values.length > 3 ? `, … (${values.length} lines)` : '';
  return shown + more;
}
