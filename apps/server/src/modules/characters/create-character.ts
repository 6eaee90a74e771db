import type { CreateCharacterRequest } from '@nocturne/contract/characters/create-character';
import { CHARACTERS_PER_PERSON_MAX } from '@nocturne/contract/characters/character';
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/is-unique-violation';
import { characters } from './characters-tables';
import type { CharacterRow } from './character-row';
import { lockPerson } from '../../db/lock-person';

/**
 * POST /characters, once the description passed the content rules (character-routes.ts). The
 * person's character lock makes concurrent creates take turns, so the count cannot let two of
 * them both take the last place; it is its own statement so that it sees what the previous
 * holder committed (READ COMMITTED).
 */
export async function createCharacter(options: {
  db: AppDb;
  userId: string;
  request: CreateCharacterRequest;
  /** Its reference image, already checked to be the person's (character-reference.ts). */
  referenceGenerationId?: string | null;
}): Promise<CharacterRow> {
  const { db, userId, request, referenceGenerationId = null } = options;
  try {
    return await db.transaction(async (tx) => {
      await lockPerson(tx, 'characters', userId);
      const [held] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(characters)
        .where(eq(characters.userId, userId));
      if ((held?.count ?? 0) >= CHARACTERS_PER_PERSON_MAX) {
        throw new AppError('CHARACTER_LIMIT_REACHED');
      }
      const [row] = await tx
        .insert(characters)
        .values({
          userId,
          name: request.name,
          description: request.description,
          referenceGenerationId,
        })
        .returning();
      if (!row) throw new Error('a character insert without a row');
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CHARACTER_NAME_TAKEN');
    throw error;
  }
}
