import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { toExportRecord } from '../../db/to-export-record';
import { characters } from './characters-tables';
import type { CharacterRow } from './character-row';

/** The person's characters, by name. */
export function findCharacters(db: DbHandle, userId: string): Promise<CharacterRow[]> {
  return db
    .select()
    .from(characters)
    .where(eq(characters.userId, userId))
    .orderBy(asc(characters.name), asc(characters.id));
}

/**
 * The descriptions of the person's characters among `names`, by name (one statement): what a
 * submit puts in for `@name`. A name missing from the answer is one the person does not have.
 */
export async function readCharacterDescriptions(
  db: DbHandle,
  userId: string,
  names: readonly string[],
): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ name: characters.name, description: characters.description })
    .from(characters)
    .where(and(eq(characters.userId, userId), inArray(characters.name, [...names])));
  return new Map(rows.map((row) => [row.name, row.description]));
}

/** Removes a deleted result from the characters that hold it as their reference. */
export async function clearCharacterReferencesTo(db: DbHandle, generationId: string) {
  await db
    .update(characters)
    .set({ referenceGenerationId: null })
    .where(eq(characters.referenceGenerationId, generationId));
}

/** The person's characters in their export, oldest first. */
export async function exportCharactersOf(db: DbHandle, userId: string) {
  const rows = await db
    .select()
    .from(characters)
    .where(eq(characters.userId, userId))
    .orderBy(asc(characters.createdAt), asc(characters.id));
  return rows.map((row) => toExportRecord(characters, row));
}
