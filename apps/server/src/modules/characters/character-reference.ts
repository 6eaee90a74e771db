import { findPromptReferenceNames } from '@nocturne/contract/text/prompt-references';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { characters } from './characters-tables';

/**
 * What the characters routes need of the person's results, handed to them by the app (the
 * generations module owns results: generations/character-reference-images.ts).
 */
export interface ReferenceImages {
  /**
   * The result `id` names, when it is the person's own with a kept image; else throws 404
   * CHARACTER_REFERENCE_NOT_FOUND or 422 CHARACTER_REFERENCE_NOT_READY.
   */
  ownResultId(userId: string, id: string): Promise<string>;
  /** The signed URL of each of `ids` whose image is still kept, by id. */
  keptImageUrls(ids: readonly string[]): Promise<Map<string, string>>;
}

/**
 * The reference image the images of this prompt follow: that of the first character it names
 * (in prompt order) that holds one; one per image. Undefined when none does.
 */
export async function readPromptReference(
  db: DbHandle,
  userId: string,
  prompt: string,
): Promise<string | undefined> {
  const names = findPromptReferenceNames(prompt).characters;
  if (names.length === 0) return undefined;
  const rows = await db
    .select({ name: characters.name, reference: characters.referenceGenerationId })
    .from(characters)
    .where(
      and(
        eq(characters.userId, userId),
        inArray(characters.name, names),
        isNotNull(characters.referenceGenerationId),
      ),
    );
  const byName = new Map(rows.map((row) => [row.name, row.reference]));
  for (const name of names) {
    const reference = byName.get(name);
    if (reference) return reference;
  }
  return undefined;
}
