import { z } from 'zod';
import { presetSchema } from './preset';

/** GET /api/v1/presets: the person's presets, by name. */
export const findPresetsResponseSchema = z
  .object({ presets: z.array(presetSchema) })
  .meta({ id: 'FindPresetsResponse' });
export type FindPresetsResponse = z.infer<typeof findPresetsResponseSchema>;
