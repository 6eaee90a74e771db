import { asc, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { toExportRecord } from '../../db/to-export-record';
import { presets } from './presets-tables';

/** The person's presets in their export, oldest first. */
export async function exportPresetsOf(db: DbHandle, userId: string) {
  const rows = await db
    .select()
    .from(presets)
    .where(eq(presets.userId, userId))
    .orderBy(asc(presets.createdAt), asc(presets.id));
  return rows.map((row) => toExportRecord(presets, row));
}
