import { asc, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { presets } from './presets-tables';
import type { PresetRow } from './preset-row';

/** The person's presets, by name. */
export async function findPresets(options: { db: DbHandle; userId: string }): Promise<PresetRow[]> {
  return options.db
    .select()
    .from(presets)
    .where(eq(presets.userId, options.userId))
    .orderBy(asc(presets.name), asc(presets.id));
}
