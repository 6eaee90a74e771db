import { z } from 'zod';

/** DELETE /api/v1/generations/{id}: the generation and its stored image are gone. */
export const deleteGenerationResponseSchema = z
  .object({ deleted: z.literal(true) })
  .meta({ id: 'DeleteGenerationResponse' });
export type DeleteGenerationResponse = z.infer<typeof deleteGenerationResponseSchema>;
