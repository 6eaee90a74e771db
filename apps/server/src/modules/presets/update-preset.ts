import type { UpdatePresetRequest } from '@nocturne/contract/presets/update-preset';
import { and, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { presets } from './presets-tables';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/is-unique-violation';
import type { PresetRow } from './preset-row';

/** PUT /presets/{id}: renames and/or replaces the options of the person's own preset. */
export async function updatePreset(options: {
  db: DbHandle;
  userId: string;
  id: string;
  change: UpdatePresetRequest;
}): Promise<PresetRow> {
  const { db, userId, id, change } = options;
  try {
    const [row] = await db
      .update(presets)
      .set({
        ...(change.name !== undefined && { name: change.name }),
        ...(change.options !== undefined && { options: change.options }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(presets.id, id), eq(presets.userId, userId)))
      .returning();
    // Another person's preset is as absent as one that never was (docs/security.md).
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PRESET_NAME_TAKEN');
    throw error;
  }
}
