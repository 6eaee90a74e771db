import { z } from 'zod';
import {
  characterDescriptionSchema,
  characterNameSchema,
  characterReferenceSchema,
  characterSchema,
} from './character';

/**
 * POST /api/v1/characters: 409 CHARACTER_LIMIT_REACHED past CHARACTERS_PER_PERSON_MAX, 409
 * CHARACTER_NAME_TAKEN when the person already has a character of that name, 422
 * CONTENT_POLICY_VIOLATION when the content rules refuse the description (recorded like a prompt).
 * `reference_generation_id`: see characterReferenceSchema.
 */
export const createCharacterRequestSchema = z
  .object({
    name: characterNameSchema,
    description: characterDescriptionSchema,
    reference_generation_id: characterReferenceSchema.optional(),
  })
  .meta({ id: 'CreateCharacterRequest' });
export type CreateCharacterRequest = z.infer<typeof createCharacterRequestSchema>;

export const characterResponseSchema = z
  .object({ character: characterSchema })
  .meta({ id: 'CharacterResponse' });
export type CharacterResponse = z.infer<typeof characterResponseSchema>;
