import { z } from 'zod';
import { createGenerationRequestSchema } from '../generations/create-generation';
import { textWithoutBidiControls } from '../text/bidi-controls';

/** How many presets one person keeps; a create beyond it is PRESET_LIMIT_REACHED. */
export const PRESETS_PER_PERSON_MAX = 20;
export const PRESET_NAME_MAX_LENGTH = 60;

/** A preset's name: trimmed, required, unique per person (PRESET_NAME_TAKEN). */
export const presetNameSchema = textWithoutBidiControls('name')
  .trim()
  .min(1, 'name is required')
  .max(PRESET_NAME_MAX_LENGTH, `name must be at most ${PRESET_NAME_MAX_LENGTH} characters`);

/**
 * The options a preset keeps, under the generate request's names and with its rules and defaults
 * (the same field definitions). `model` absent means the plan's default model; `loras` are that
 * model's.
 */
export const presetOptionsSchema = createGenerationRequestSchema
  .pick({
    model: true,
    style: true,
    aspect_ratio: true,
    quality: true,
    negative_prompt: true,
    image_count: true,
    loras: true,
  })
  .meta({ id: 'PresetOptions' });
export type PresetOptions = z.infer<typeof presetOptionsSchema>;

export const presetSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    options: presetOptionsSchema,
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Preset' });
export type Preset = z.infer<typeof presetSchema>;

export const presetParamsSchema = z.object({ id: z.uuid() });
