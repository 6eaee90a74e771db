import type { GenerationListItem } from '../api/generation-list-schema';

export type HistoryEntry = [GenerationListItem, ...GenerationListItem[]];

/**
 * The history's rows as entries: the server sends each submit's images together and in order
 * (GET /generations pages by submit), so consecutive rows of one request id are one entry.
 */
export function historyEntries(rows: GenerationListItem[]): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (const row of rows) {
    const last = entries.at(-1);
    if (last && last[0].request_id === row.request_id) last.push(row);
    else entries.push([row]);
  }
  return entries;
}
