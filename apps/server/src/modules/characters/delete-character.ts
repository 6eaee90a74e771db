import { and, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { characters } from './characters-tables';

/** DELETE /characters/{id}: the person's own character only; any other id is 404. */
export async function deleteCharacter(options: {
  db: DbHandle;
  userId: string;
  id: string;
}): Promise<void> {
  const [deleted] = await options.db
    .delete(characters)
    .where(and(eq(characters.id, options.id), eq(characters.userId, options.userId)))
    .returning({ id: characters.id });
  if (!deleted) throw new AppError('NOT_FOUND');
}
