import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A row as the export writes it: every stored column under its SQL name, so a column added to the
 * table later is exported without anyone remembering to add it here. `omit` names the secrets
 * (password hashes, session tokens) that must never leave the server.
 */
export function toExportRecord<T extends Table>(
  table: T,
  row: T['$inferSelect'],
  omit: readonly (keyof T['$inferSelect'])[] = [],
): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (omit.includes(key as keyof T['$inferSelect'])) continue;
    const value: unknown = (row as Record<string, unknown>)[key];
    record[column.name] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return record;
}
