import { z } from 'zod';
import { ENGINE_OPTION_NAMES } from '../generations/generation-options';
import { catalogModelLoraSchema } from './loras';
import { MODEL_UNAVAILABLE_REASONS } from './model-health';

/** A model id in the operator's catalog (MODELS_FILE): lower-case letters, digits and dashes. */
export const modelIdSchema = z
  .string()
  .min(1, 'model must not be empty')
  .max(64, 'model must be at most 64 characters')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'model must be a model id from GET /api/v1/models');

export const MODEL_TIERS = ['free', 'premium'] as const;
export type ModelTier = (typeof MODEL_TIERS)[number];

/**
 * Under which terms the model's images may be used; `commercial_use` false means no paid
 * service. `conditions`: what the licence asks of a service that uses it, one sentence each (a
 * revenue limit, a registration, a credit to show, use restrictions for its terms); absent when
 * the licence states none.
 */
export const modelLicenceSchema = z.object({
  name: z.string(),
  url: z.string().nullable(),
  commercial_use: z.boolean(),
  conditions: z.array(z.string()).optional(),
});
export type ModelLicence = z.infer<typeof modelLicenceSchema>;

/**
 * Why Vary and Upscale are not offered on a model whose engine could make them: `one_step`, a
 * model distilled for one step (SDXS), where image-to-image from an intermediate timestep smears
 * (the catalog entry's `offers` turns them on).
 */
export const WITHHELD_DERIVE_REASONS = ['one_step'] as const;
export type WithheldDeriveReason = (typeof WITHHELD_DERIVE_REASONS)[number];

/**
 * One entry of GET /api/v1/models. `available`: a live worker serves it and can make images (a
 * submit to an unavailable model is refused with MODEL_UNAVAILABLE before any charge), else
 * `unavailable_reason` says why in words a person may read (no hosts, no ports). `is_default`:
 * the model a submit without `model` uses for this person's plan now (the plan's default, or the
 * next available model of the plan while it is unavailable). `is_preview`: the built-in abstract
 * preview (no credits). `ignored_options`: the generation options its backend cannot honour, so
 * the modal says so before submit. `credit_cost` is per image.
 */
export const catalogModelSchema = z
  .object({
    id: modelIdSchema,
    name: z.string(),
    description: z.string(),
    tier: z.enum(MODEL_TIERS),
    credit_cost: z.number().int().min(0),
    available: z.boolean(),
    unavailable_reason: z.enum(MODEL_UNAVAILABLE_REASONS).nullable(),
    is_default: z.boolean(),
    is_preview: z.boolean(),
    licence: modelLicenceSchema.nullable(),
    ignored_options: z.array(z.enum(ENGINE_OPTION_NAMES)),
    /**
     * What it can do with one of its own results, from its engine: vary it, upscale it by these
     * factors. The web app offers only these actions.
     */
    capabilities: z.object({
      variations: z.boolean(),
      upscale: z.array(z.union([z.literal(2), z.literal(4)])),
      /** Whether it can repaint a masked region of a result (POST /generations/{id}/inpaint). */
      inpaint: z.boolean(),
      /**
       * Whether it follows a character's reference image (ComfyUI with IP-Adapter in the
       * catalog); present only when true, so an absent one is false.
       */
      character_reference: z.boolean().optional(),
      /** Why its engine's variations or upscales are not offered (null: nothing withheld). */
      withheld_reason: z.enum(WITHHELD_DERIVE_REASONS).nullable(),
    }),
    /** Credits per variation / upscale for people without premium (catalog, default 1). */
    variation_cost: z.number().int().min(0),
    upscale_cost: z.number().int().min(0),
    /** Credits per upscale ×4, present where `capabilities.upscale` offers 4 (`upscale_cost` is ×2's). */
    upscale_4_cost: z.number().int().min(0).optional(),
    /** The LoRAs people may pick for it (comfyui and a1111 models); absent when it offers none. */
    loras: z.array(catalogModelLoraSchema).optional(),
  })
  .meta({ id: 'CatalogModel' });
export type CatalogModel = z.infer<typeof catalogModelSchema>;

/** GET /api/v1/models: the catalog in the operator's order, for the signed-in person. */
export const listModelsResponseSchema = z
  .object({ models: z.array(catalogModelSchema) })
  .meta({ id: 'ModelList' });
export type ListModelsResponse = z.infer<typeof listModelsResponseSchema>;
