import { z } from 'zod';

/**
 * The operator's model catalog (MODELS_FILE, JSON): which models this server offers, on which
 * backend, to whom and at what price. Without MODELS_FILE the server builds a catalog of one from
 * its IMAGE_BACKEND settings. Validation errors are listed with their JSON path so an operator
 * can fix the file without reading code (docs/models.md).
 */

export const CATALOG_BACKENDS = ['onnx', 'comfyui', 'a1111', 'openai', 'preview'] as const;
export type CatalogBackend = (typeof CATALOG_BACKENDS)[number];

const catalogIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be lower-case letters, digits and dashes (at most 64)');

/** Sampling settings for one quality level; absent fields keep the backend's own defaults. */
export const qualityPresetSchema = z.strictObject({
  steps: z.number().int().min(1).max(150),
  cfg: z.number().min(0).max(30).optional(),
  /** ComfyUI `sampler_name` / A1111 `sampler_name`. */
  sampler: z.string().min(1).optional(),
  /** ComfyUI `scheduler` / A1111 `scheduler`. */
  scheduler: z.string().min(1).optional(),
});
export type QualityPreset = z.infer<typeof qualityPresetSchema>;

const sideSchema = z.number().int().min(64).max(2048).multipleOf(64);

/** Secrets never live in the file: it names the environment variables that hold them. */
const credentialsSchema = z.strictObject({
  apiKeyEnv: z.string().min(1).optional(),
  usernameEnv: z.string().min(1).optional(),
  passwordEnv: z.string().min(1).optional(),
});

/**
 * A LoRA the operator offers on a comfyui or a1111 model: `file` as the server lists it
 * (ComfyUI's `models/loras`, A1111's `/sdapi/v1/loras` name), `defaultWeight` the strength the
 * picker starts at, `triggerWords` what the LoRA was trained to answer to (added to the prompt and
 * screened with it), `tier` premium for LoRAs only premium people may use.
 */
export const catalogLoraSchema = z.strictObject({
  id: catalogIdSchema,
  name: z.string().min(1).max(80),
  file: z.string().min(1),
  defaultWeight: z.number().min(-2).max(2).default(1),
  triggerWords: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
  tier: z.enum(['free', 'premium']).default('free'),
});
export type CatalogLora = z.infer<typeof catalogLoraSchema>;

/**
 * How a `comfyui` model follows a character's reference image, with ComfyUI_IPAdapter_plus's
 * nodes: `IPAdapterUnifiedLoader` at `preset` (the IP-Adapter and CLIP Vision files it picks for
 * the checkpoint), then `IPAdapterAdvanced` at `weight`, `weightType`, from `startAt` to `endAt`
 * of the schedule. The ranges and choices are the nodes' own.
 */
export const catalogIpAdapterSchema = z
  .strictObject({
    preset: z
      .enum([
        'LIGHT - SD1.5 only (low strength)',
        'STANDARD (medium strength)',
        'VIT-G (medium strength)',
        'PLUS (high strength)',
        'PLUS FACE (portraits)',
        'FULL FACE - SD1.5 only (portraits stronger)',
      ])
      .default('PLUS (high strength)'),
    weight: z.number().min(-1).max(5).default(0.8),
    weightType: z
      .enum([
        'linear',
        'ease in',
        'ease out',
        'ease in-out',
        'reverse in-out',
        'weak input',
        'weak output',
        'weak middle',
        'strong middle',
        'style transfer',
        'composition',
        'strong style transfer',
        'style and composition',
        'style transfer precise',
        'composition precise',
      ])
      .default('linear'),
    startAt: z.number().min(0).max(1).default(0),
    endAt: z.number().min(0).max(1).default(1),
  })
  .refine((settings) => settings.startAt < settings.endAt, {
    message: 'startAt must be before endAt',
  });
export type CatalogIpAdapter = z.infer<typeof catalogIpAdapterSchema>;

/** The backends whose engines load LoRAs (LoraLoader nodes, the `<lora:…>` prompt syntax). */
export const LORA_BACKENDS: readonly CatalogBackend[] = ['comfyui', 'a1111'];

/** What a variation or an upscale costs when the catalog entry does not say. */
export const DERIVED_IMAGE_DEFAULT_COST = 1;
/** What an upscale ×4 costs when the catalog entry does not say: four times the pixels of ×2's. */
export const UPSCALE_4_DEFAULT_COST = 2;

export const catalogEntrySchema = z.strictObject({
  id: catalogIdSchema,
  name: z.string().min(1).max(80),
  description: z.string().max(400).default(''),
  backend: z.enum(CATALOG_BACKENDS),
  tier: z.enum(['free', 'premium']).default('free'),
  /** Credits per image for people without premium (premium generates without limit). */
  creditCost: z.number().int().min(0).max(100).default(1),
  /**
   * Credits per variation / upscale of one of its results, for people without premium; absent: 1
   * (DERIVED_IMAGE_DEFAULT_COST).
   */
  variationCost: z.number().int().min(0).max(100).optional(),
  upscaleCost: z.number().int().min(0).max(100).optional(),
  /**
   * Credits per upscale ×4 where its engine offers ×4 (`upscaleCost` is then ×2's); absent: 2
   * (UPSCALE_4_DEFAULT_COST).
   */
  upscale4Cost: z.number().int().min(0).max(100).optional(),
  licence: z
    .strictObject({
      name: z.string().min(1),
      url: z.url().optional(),
      /** Whether images may be sold / used in a paid service under this licence. */
      commercialUse: z.boolean(),
      /**
       * What the licence asks of a service that uses the model, one sentence each (a revenue
       * limit, a registration, a credit to show, use restrictions its terms must carry).
       */
      conditions: z.array(z.string().min(1).max(400)).max(10).optional(),
    })
    .optional(),
  /** The size the model renders well; every aspect ratio keeps its area. */
  nativeSize: z.strictObject({ width: sideSchema, height: sideSchema }).optional(),
  quality: z
    .strictObject({
      fast: qualityPresetSchema.optional(),
      balanced: qualityPresetSchema.optional(),
      best: qualityPresetSchema.optional(),
    })
    .optional(),
  /** comfyui, a1111, openai: the server's base URL. */
  url: z.url().optional(),
  /** comfyui, a1111: the checkpoint file name as the server lists it. */
  checkpoint: z.string().min(1).optional(),
  /** comfyui: an API-format workflow JSON file (placeholders documented in docs/models.md). */
  workflow: z.string().min(1).optional(),
  /** onnx: the installed model's name (`npm run models -- list`); openai: the API's model name. */
  model: z.string().min(1).optional(),
  credentials: credentialsSchema.optional(),
  /** comfyui: an upscale model file as ComfyUI lists it (`upscale_models`); absent: latent upscale. */
  upscaleModel: z.string().min(1).optional(),
  /** comfyui: API-format workflows for image-to-image, upscaling and inpainting, like `workflow`. */
  workflows: z
    .strictObject({
      imageToImage: z.string().min(1).optional(),
      upscale: z.string().min(1).optional(),
      inpaint: z.string().min(1).optional(),
    })
    .optional(),
  /** a1111: an upscaler as /sdapi/v1/upscalers names it; absent: img2img at the larger size. */
  upscaler: z.string().min(1).optional(),
  /** openai: the model takes `/v1/images/edits` (image-to-image); default false. */
  edits: z.boolean().optional(),
  /** comfyui, a1111: the LoRAs people may pick for it, ids unique within the model. */
  loras: z.array(catalogLoraSchema).optional(),
  /** comfyui: a character's reference image through IP-Adapter (docs/models.md, Character references). */
  ipAdapter: catalogIpAdapterSchema.optional(),
  /**
   * Vary and Upscale on its results, where its engine can make them. Absent: on, except on a
   * one-step model (every quality one step, as SDXS): it is distilled for the schedule's last
   * timestep only, so image-to-image from an intermediate one smears; `true` offers them anyway.
   */
  offers: z
    .strictObject({ variations: z.boolean().optional(), upscale: z.boolean().optional() })
    .optional(),
});
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

/** The credentials each backend sends: any other is a mistake the operator should hear of. */
const CREDENTIALS_USED: Record<CatalogBackend, (keyof NonNullable<CatalogEntry['credentials']>)[]> =
  {
    onnx: [],
    preview: [],
    comfyui: [],
    a1111: ['usernameEnv', 'passwordEnv'],
    openai: ['apiKeyEnv'],
  };

/** Image-to-image settings only one backend reads: on another they would silently do nothing. */
const BACKEND_ONLY_FIELDS: Partial<Record<keyof CatalogEntry, CatalogBackend>> = {
  upscaleModel: 'comfyui',
  workflows: 'comfyui',
  ipAdapter: 'comfyui',
  upscaler: 'a1111',
  edits: 'openai',
};

/** What each backend cannot run without. */
const REQUIRED_FIELDS: Record<CatalogBackend, (keyof CatalogEntry)[]> = {
  onnx: ['model'],
  comfyui: ['url', 'checkpoint'],
  a1111: ['url'],
  openai: ['url', 'model'],
  preview: [],
};

/** A model's LoRAs on a backend that cannot load them, or two of its LoRAs with one id. */
function loraIssues(
  entry: CatalogEntry,
): { code: 'custom'; path: (string | number)[]; message: string }[] {
  if (entry.loras === undefined) return [];
  if (!LORA_BACKENDS.includes(entry.backend))
    return [
      {
        code: 'custom',
        path: ['loras'],
        message: `are only loaded by backends "comfyui" and "a1111", not "${entry.backend}"`,
      },
    ];
  const seen = new Set<string>();
  return entry.loras.flatMap((lora, index) => {
    const duplicate = seen.has(lora.id);
    seen.add(lora.id);
    return duplicate
      ? [
          {
            code: 'custom' as const,
            path: ['loras', index, 'id'],
            message: `duplicate LoRA id "${lora.id}"`,
          },
        ]
      : [];
  });
}

export const modelCatalogSchema = z
  .strictObject({
    models: z.array(catalogEntrySchema).min(1, 'must list at least one model'),
    /** The model a submit without `model` uses, per plan; absent: the first model of that tier. */
    defaults: z
      .strictObject({ free: catalogIdSchema.optional(), premium: catalogIdSchema.optional() })
      .optional(),
  })
  .superRefine((catalog, ctx) => {
    const seen = new Set<string>();
    catalog.models.forEach((entry, index) => {
      if (seen.has(entry.id))
        ctx.addIssue({
          code: 'custom',
          path: ['models', index, 'id'],
          message: `duplicate id "${entry.id}"`,
        });
      seen.add(entry.id);
      for (const field of REQUIRED_FIELDS[entry.backend])
        if (entry[field] === undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['models', index, field],
            message: `is required for backend "${entry.backend}"`,
          });
      for (const [field, backend] of Object.entries(BACKEND_ONLY_FIELDS))
        if (entry[field as keyof CatalogEntry] !== undefined && entry.backend !== backend)
          ctx.addIssue({
            code: 'custom',
            path: ['models', index, field],
            message: `is only used by backend "${backend}", not "${entry.backend}"`,
          });
      for (const issue of loraIssues(entry))
        ctx.addIssue({ ...issue, path: ['models', index, ...issue.path] });
      for (const name of Object.keys(entry.credentials ?? {}))
        if (!CREDENTIALS_USED[entry.backend].includes(name as never))
          ctx.addIssue({
            code: 'custom',
            path: ['models', index, 'credentials', name],
            message: `is not used by backend "${entry.backend}"`,
          });
    });
    for (const plan of ['free', 'premium'] as const) {
      const id = catalog.defaults?.[plan];
      if (id === undefined) continue;
      const entry = catalog.models.find((model) => model.id === id);
      if (!entry)
        ctx.addIssue({
          code: 'custom',
          path: ['defaults', plan],
          message: `no model has id "${id}"`,
        });
      else if (plan === 'free' && entry.tier === 'premium')
        ctx.addIssue({
          code: 'custom',
          path: ['defaults', plan],
          message: `"${id}" is a premium model`,
        });
    }
    if (!catalog.models.some((model) => model.tier === 'free'))
      ctx.addIssue({
        code: 'custom',
        path: ['models'],
        message: 'must offer at least one free model',
      });
  });
export type ModelCatalog = z.infer<typeof modelCatalogSchema>;
