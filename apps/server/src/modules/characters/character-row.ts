import type { Character } from '@nocturne/contract/characters/character';
import type { characters } from './characters-tables';

export type CharacterRow = typeof characters.$inferSelect;

/** A row as the API shows it. */
export function toCharacter(row: CharacterRow): Character {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
