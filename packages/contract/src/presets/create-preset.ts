import { z } from 'zod';
import { presetNameSchema, presetOptionsSchema, presetSchema } from './preset';

/**
 * POST /api/v1/presets: 409 PRESET_LIMIT_REACHED past PRESETS_PER_PERSON_MAX, 409
 * PRESET_NAME_TAKEN when the person already has a preset of that name.
 */
export const createPresetRequestSchema = z
  .object({ name: presetNameSchema, options: presetOptionsSchema })
  .meta({ id: 'CreatePresetRequest' });
export type CreatePresetRequest = z.infer<typeof createPresetRequestSchema>;

export const createPresetResponseSchema = z
  .object({ preset: presetSchema })
  .meta({ id: 'CreatePresetResponse' });
export type CreatePresetResponse = z.infer<typeof createPresetResponseSchema>;
