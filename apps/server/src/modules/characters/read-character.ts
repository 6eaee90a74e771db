import { and, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { characters } from './characters-tables';
import type { CharacterRow } from './character-row';

/** GET /characters/{id}: the person's own character only; any other id is 404. */
export async function readCharacter(options: {
  db: DbHandle;
  userId: string;
  id: string;
}): Promise<CharacterRow> {
  const [row] = await options.db
    .select()
    .from(characters)
    .where(and(eq(characters.id, options.id), eq(characters.userId, options.userId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
