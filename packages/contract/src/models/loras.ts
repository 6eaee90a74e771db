import { z } from 'zod';

/** At most this many LoRAs on one generation: more of them mostly fight each other. */
export const LORAS_PER_GENERATION_MAX = 3;
export const LORA_WEIGHT_MIN = -2;
export const LORA_WEIGHT_MAX = 2;

/** A LoRA id of a model's catalog entry (GET /api/v1/models `loras[].id`). */
export const loraIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'lora id must be an id from GET /api/v1/models');

export const loraWeightSchema = z
  .number()
  .min(LORA_WEIGHT_MIN, `lora weight must be at least ${LORA_WEIGHT_MIN}`)
  .max(LORA_WEIGHT_MAX, `lora weight must be at most ${LORA_WEIGHT_MAX}`);

/** One LoRA a person picks for a generation, at its weight (POST /generate, presets). */
export const loraChoiceSchema = z.object({ id: loraIdSchema, weight: loraWeightSchema });
export type LoraChoice = z.infer<typeof loraChoiceSchema>;

/** The LoRAs of a request: at most LORAS_PER_GENERATION_MAX, each once. */
export const loraChoicesSchema = z
  .array(loraChoiceSchema)
  .max(LORAS_PER_GENERATION_MAX, `at most ${LORAS_PER_GENERATION_MAX} LoRAs`)
  .refine(
    (choices) => new Set(choices.map((choice) => choice.id)).size === choices.length,
    'each LoRA at most once',
  );

/**
 * A LoRA of a model as GET /api/v1/models lists it. `locked`: premium, and the person has no
 * premium (a submit with it is refused with LORA_REQUIRES_PREMIUM), shown like a premium model.
 * `trigger_words` are added to the prompt when it is chosen.
 */
export const catalogModelLoraSchema = z
  .object({
    id: loraIdSchema,
    name: z.string(),
    default_weight: z.number(),
    trigger_words: z.array(z.string()),
    tier: z.enum(['free', 'premium']),
    locked: z.boolean(),
  })
  .meta({ id: 'CatalogLora' });
export type CatalogModelLora = z.infer<typeof catalogModelLoraSchema>;

/** A LoRA a generation was made with, as history and the detail view show it. */
export const generationLoraSchema = z.object({
  id: z.string(),
  name: z.string(),
  weight: z.number(),
});
export type GenerationLora = z.infer<typeof generationLoraSchema>;
