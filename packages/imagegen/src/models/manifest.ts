import { z } from 'zod';

/** How an installed model's weights are stored: as published (widened to fp32), or int8. */
export const WEIGHT_PRECISIONS = ['fp32', 'int8'] as const;
export type WeightPrecision = (typeof WEIGHT_PRECISIONS)[number];

const RELATIVE_PATH = /^(?!\/)(?!.*(?:^|\/)\.\.(?:\/|$))[\w.\-/]+$/;

export const modelFileSchema = z.object({
  /** Path inside the model folder, diffusers layout (e.g. `unet/model.onnx`). */
  path: z.string().regex(RELATIVE_PATH, 'must be a relative path inside the model folder'),
  url: z.url().optional(),
  /**
   * More places serving the same bytes (a Hub repository at a commit, or an https URL), tried in
   * order when `url` fails: a removed repository, a rewritten file, a network error. They are
   * held to the same pins: `sha256` and `size` when given, else each Hub commit's own tree.
   */
  mirrors: z.array(z.url()).optional(),
  /** Set by pull: which of `url` and `mirrors` served the installed bytes. */
  servedBy: z.url().optional(),
  size: z.number().int().nonnegative().optional(),
  /** Lower-case hex; absent means "not pinned yet": pull records what it downloaded. */
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /** Git blob id (SHA-1 of "blob <size>\0" + bytes): how the Hub's tree names a non-LFS file. */
  gitBlobId: z
    .string()
    .regex(/^[0-9a-f]{40}$/)
    .optional(),
  /** Set by pull: what the downloaded bytes were checked against, and at which Hub commit. */
  verified: z
    .object({
      by: z.enum(['hub-lfs-sha256', 'hub-git-blob-id', 'manifest-sha256', 'recorded']),
      commit: z
        .string()
        .regex(/^[0-9a-f]{40}$/)
        .optional(),
    })
    .optional(),
});

export const modelManifestSchema = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/),
  description: z.string().default(''),
  licence: z.object({
    name: z.string(),
    url: z.url().optional(),
    /** Whether the licence lets images be sold or used in a paid service; absent: unknown. */
    commercialUse: z.boolean().optional(),
    /**
     * What the licence asks of a service that uses the model, each in one sentence: a revenue
     * limit, a registration, a credit to show, use restrictions its terms must carry.
     */
    conditions: z.array(z.string().min(1)).default([]),
  }),
  source: z.string().optional(),
  isPreview: z.boolean().default(false),
  /** The size the model renders well; its area is kept for every aspect ratio. */
  defaults: z.object({
    width: z.number().int().multipleOf(64).default(512),
    height: z.number().int().multipleOf(64).default(512),
  }),
  /** Denoising steps per quality (fast/balanced/best); turbo models: 1/2/4. */
  qualitySteps: z
    .object({
      fast: z.number().int().min(1).max(50).default(1),
      balanced: z.number().int().min(1).max(50).default(2),
      best: z.number().int().min(1).max(50).default(4),
    })
    .prefault({}),
  scheduler: z
    .object({
      type: z.literal('euler_discrete').default('euler_discrete'),
      timestepSpacing: z.literal('trailing').default('trailing'),
      trainSteps: z.number().int().positive().default(1000),
      betaStart: z.number().positive().default(0.00085),
      betaEnd: z.number().positive().default(0.012),
    })
    .prefault({}),
  /** Turbo models are distilled without classifier-free guidance; the negative prompt is ignored. */
  guidance: z.literal('none').default('none'),
  components: z.object({
    tokenizer: z.string().regex(RELATIVE_PATH).default('tokenizer'),
    textEncoder: z.string().regex(RELATIVE_PATH).default('text_encoder/model.onnx'),
    unet: z.string().regex(RELATIVE_PATH).default('unet/model.onnx'),
    decoder: z.string().regex(RELATIVE_PATH).default('vae_decoder/model.onnx'),
    /**
     * The image encoder (TAESD's) that image-to-image and upscaling start from. Optional: a model
     * without one, or installed before it was added, is text-to-image only.
     */
    encoder: z.string().regex(RELATIVE_PATH).optional(),
  }),
  decoder: z
    .object({
      /** Latents are divided by this before decoding: 0.18215 for the SD KL-VAE, 1 for TAESD. */
      scalingFactor: z.number().positive().default(0.18215),
      /**
       * What the decoder's pixels span. Pull measures it on the proof image and records it (with
       * the values seen in `measured`); a declared range the proof contradicts is refused.
       */
      outputRange: z.enum(['minus_one_to_one', 'zero_to_one']).optional(),
      measured: z.object({ min: z.number(), max: z.number() }).optional(),
    })
    .prefault({}),
  /**
   * ONNX files whose float16 weights `pull` widens to float32 before proving the model: ONNX
   * Runtime's CPU provider would otherwise cast every fp16 weight back to fp32 on every run.
   */
  widenFloat16: z.array(z.string().regex(RELATIVE_PATH)).default([]),
  /** Set by pull: `int8` when the weight MatMuls were quantised (`pull --weights int8`). */
  weights: z.enum(WEIGHT_PRECISIONS).optional(),
  /** Set by `pull` when it converted files: the downloads they came from, as pinned. */
  sources: z.array(modelFileSchema).optional(),
  /** Resident memory the model needs while generating at its default size, for operators. */
  memoryMb: z.number().int().positive().optional(),
  /** Width/height ratio between image and latent (8 for every SD-family VAE). */
  latentScale: z.number().int().positive().default(8),
  files: z.array(modelFileSchema).min(1),
});

export type ModelFile = z.infer<typeof modelFileSchema>;
export type ModelManifest = z.infer<typeof modelManifestSchema>;
export type ModelManifestInput = z.input<typeof modelManifestSchema>;

export function parseManifest(value: unknown, origin: string): ModelManifest {
  const result = modelManifestSchema.safeParse(value);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`Invalid model manifest ${origin}:\n  ${issues.join('\n  ')}`);
  }
  return result.data;
}

export const MANIFEST_FILE = 'manifest.json';
