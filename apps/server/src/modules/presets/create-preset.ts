import type { CreatePresetRequest } from '@nocturne/contract/presets/create-preset';
import { PRESETS_PER_PERSON_MAX } from '@nocturne/contract/presets/preset';
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { presets } from './presets-tables';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/is-unique-violation';
import type { PresetRow } from './preset-row';
import { lockPerson } from '../../db/lock-person';

/**
 * POST /presets. The person's preset lock makes concurrent creates take turns, so the count
 * cannot let two of them both take the last place; it is its own statement so that the count
 * after it sees what the previous holder committed (READ COMMITTED).
 */
export async function createPreset(options: {
  db: AppDb;
  userId: string;
  request: CreatePresetRequest;
}): Promise<PresetRow> {
  const { db, userId, request } = options;
  try {
    return await db.transaction(async (tx) => {
      await lockPerson(tx, 'presets', userId);
      const [held] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(presets)
        .where(eq(presets.userId, userId));
      if ((held?.count ?? 0) >= PRESETS_PER_PERSON_MAX) throw new AppError('PRESET_LIMIT_REACHED');
      const [row] = await tx
        .insert(presets)
        .values({ userId, name: request.name, options: request.options })
        .returning();
      if (!row) throw new Error('a preset insert without a row');
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PRESET_NAME_TAKEN');
    throw error;
  }
}
