import { z } from 'zod';
import {
  characterDescriptionSchema,
  characterNameSchema,
  characterReferenceSchema,
} from './character';

/**
 * PUT /api/v1/characters/{id}: renames it, replaces its description, sets or removes (null) its
 * reference image, or several of these (at least one). Another person's id is 404 NOT_FOUND; a
 * name the person already uses is 409 CHARACTER_NAME_TAKEN; a new description is screened like a
 * new character's; a reference as characterReferenceSchema says.
 */
export const updateCharacterRequestSchema = z
  .object({
    name: characterNameSchema.optional(),
    description: characterDescriptionSchema.optional(),
    reference_generation_id: characterReferenceSchema.optional(),
  })
  .refine(
    (body) =>
      body.name !== undefined ||
      body.description !== undefined ||
      body.reference_generation_id !== undefined,
    { message: 'name, description or reference_generation_id is required' },
  )
  .meta({ id: 'UpdateCharacterRequest' });
export type UpdateCharacterRequest = z.infer<typeof updateCharacterRequestSchema>;
