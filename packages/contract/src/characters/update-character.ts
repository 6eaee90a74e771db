import { z } from 'zod';
import { characterDescriptionSchema, characterNameSchema } from './character';

/**
 * PUT /api/v1/characters/{id}: renames it, replaces its description, or both (at least one).
 * Another person's id is 404 NOT_FOUND; a name the person already uses is 409
 * CHARACTER_NAME_TAKEN; a new description is screened like a new character's.
 */
export const updateCharacterRequestSchema = z
  .object({
    name: characterNameSchema.optional(),
    description: characterDescriptionSchema.optional(),
  })
  .refine((body) => body.name !== undefined || body.description !== undefined, {
    message: 'name or description is required',
  })
  .meta({ id: 'UpdateCharacterRequest' });
export type UpdateCharacterRequest = z.infer<typeof updateCharacterRequestSchema>;
