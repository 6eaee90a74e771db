import type { Character } from '@nocturne/contract/characters/character';
import type { characters } from './characters-tables';

export type CharacterRow = typeof characters.$inferSelect;

/** A row as the API shows it, with its reference's kept image (character-reference.ts). */
export function toCharacter(
  row: CharacterRow,
  referenceUrls: ReadonlyMap<string, string>,
): Character {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    reference_generation_id: row.referenceGenerationId,
    reference_image_url: row.referenceGenerationId
      ? (referenceUrls.get(row.referenceGenerationId) ?? null)
      : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
