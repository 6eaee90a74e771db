import { z } from 'zod';
import { presetNameSchema, presetOptionsSchema, presetSchema } from './preset';

/**
 * PUT /api/v1/presets/{id}: renames it, replaces its options, or both (at least one). Another
 * person's id is 404 NOT_FOUND; a name the person already uses is 409 PRESET_NAME_TAKEN.
 */
export const updatePresetRequestSchema = z
  .object({ name: presetNameSchema.optional(), options: presetOptionsSchema.optional() })
  .refine((body) => body.name !== undefined || body.options !== undefined, {
    message: 'name or options is required',
  })
  .meta({ id: 'UpdatePresetRequest' });
export type UpdatePresetRequest = z.infer<typeof updatePresetRequestSchema>;

export const updatePresetResponseSchema = z
  .object({ preset: presetSchema })
  .meta({ id: 'UpdatePresetResponse' });
export type UpdatePresetResponse = z.infer<typeof updatePresetResponseSchema>;
