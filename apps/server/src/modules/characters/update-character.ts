import type { UpdateCharacterRequest } from '@nocturne/contract/characters/update-character';
import { and, eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/is-unique-violation';
import { characters } from './characters-tables';
import type { CharacterRow } from './character-row';

/**
 * PUT /characters/{id}: renames, redescribes and/or sets the reference of the person's own
 * character, once a new description passed the content rules and a new reference is the person's
 * (character-routes.ts).
 */
export async function updateCharacter(options: {
  db: DbHandle;
  userId: string;
  id: string;
  change: UpdateCharacterRequest;
}): Promise<CharacterRow> {
  const { db, userId, id, change } = options;
  try {
    const [row] = await db
      .update(characters)
      .set({
        ...(change.name !== undefined && { name: change.name }),
        ...(change.description !== undefined && { description: change.description }),
        ...(change.reference_generation_id !== undefined && {
          referenceGenerationId: change.reference_generation_id,
        }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(characters.id, id), eq(characters.userId, userId)))
      .returning();
    // Another person's character is as absent as one that never was (docs/security.md).
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CHARACTER_NAME_TAKEN');
    throw error;
  }
}
