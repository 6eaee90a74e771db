import { z } from 'zod';

/** DELETE /api/v1/presets/{id}: another person's id is 404 NOT_FOUND. */
export const deletePresetResponseSchema = z
  .object({ deleted: z.literal(true) })
  .meta({ id: 'DeletePresetResponse' });
export type DeletePresetResponse = z.infer<typeof deletePresetResponseSchema>;
