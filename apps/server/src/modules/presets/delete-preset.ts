import { and, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { presets } from './presets-tables';
import { AppError } from '../../lib/app-error';

/** DELETE /presets/{id}: the person's own preset only; any other id is 404. */
export async function deletePreset(options: {
  db: DbHandle;
  userId: string;
  id: string;
}): Promise<void> {
  const [deleted] = await options.db
    .delete(presets)
    .where(and(eq(presets.id, options.id), eq(presets.userId, options.userId)))
    .returning({ id: presets.id });
  if (!deleted) throw new AppError('NOT_FOUND');
}
