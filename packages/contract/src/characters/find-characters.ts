import { z } from 'zod';
import { characterSchema } from './character';

/** GET /api/v1/characters: the person's characters, by name. */
export const findCharactersResponseSchema = z
  .object({ characters: z.array(characterSchema) })
  .meta({ id: 'FindCharactersResponse' });
export type FindCharactersResponse = z.infer<typeof findCharactersResponseSchema>;

/** DELETE /api/v1/characters/{id}: another person's id is 404 NOT_FOUND. */
export const deleteCharacterResponseSchema = z
  .object({ deleted: z.literal(true) })
  .meta({ id: 'DeleteCharacterResponse' });
export type DeleteCharacterResponse = z.infer<typeof deleteCharacterResponseSchema>;
