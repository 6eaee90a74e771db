import { z } from 'zod';
import { textWithoutBidiControls } from '../text/bidi-controls';

/**
 * The options a person can set beyond the prompt (issue 12). Defined once here: the server
 * validates and stores them, the worker hands them to the image engine, the web modal offers them.
 */

/** Width:height choices; each backend maps a ratio to a size it renders well (about 512² on CPU). */
export const ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** Mapped per backend to denoising steps it supports (SD-Turbo: 1, 2, 4). */
export const QUALITIES = ['fast', 'balanced', 'best'] as const;
export type Quality = (typeof QUALITIES)[number];

export const QUALITY_LABELS: Record<Quality, string> = {
  fast: 'Fast',
  balanced: 'Balanced',
  best: 'Best',
};

export const IMAGE_COUNT_MIN = 1;
export const IMAGE_COUNT_MAX = 4;

/** Seeds are unsigned 32-bit integers, the range every backend accepts. */
export const SEED_MAX = 4_294_967_295;

export const NEGATIVE_PROMPT_MAX_LENGTH = 1000;

export interface StylePreset {
  label: string;
  /** `{prompt}` is replaced by the person's prompt. */
  promptTemplate: string;
  /** Added before the person's own negative prompt. */
  negativePrompt: string;
}

/** The curated styles: a prompt template and a negative prompt each. */
export const STYLE_PRESETS = {
  photographic: {
    label: 'Photographic',
    promptTemplate:
      'photograph of {prompt}, 50mm lens, natural light, highly detailed, sharp focus',
    negativePrompt: 'drawing, painting, illustration, cartoon, anime, render, blurry, lowres',
  },
  cinematic: {
    label: 'Cinematic',
    promptTemplate:
      'cinematic film still of {prompt}, shallow depth of field, dramatic lighting, film grain, anamorphic',
    negativePrompt: 'cartoon, anime, illustration, flat lighting, lowres, watermark',
  },
  anime: {
    label: 'Anime',
    promptTemplate: 'anime artwork of {prompt}, vibrant colors, clean line art, studio anime style',
    negativePrompt: 'photograph, photorealistic, realistic, 3d render, lowres',
  },
  oil_painting: {
    label: 'Oil painting',
    promptTemplate:
      'oil painting of {prompt}, visible brush strokes, rich texture, classical fine art',
    negativePrompt: 'photograph, photorealistic, digital art, 3d render, lowres',
  },
  watercolor: {
    label: 'Watercolor',
    promptTemplate: 'watercolor painting of {prompt}, soft washes, paper texture, delicate edges',
    negativePrompt: 'photograph, photorealistic, 3d render, harsh lines, lowres',
  },
  neon_noir: {
    label: 'Neon noir',
    promptTemplate:
      'neon noir scene of {prompt}, rain-slick streets, magenta and cyan neon, deep shadows, moody',
    negativePrompt: 'daylight, bright, washed out, flat colors, lowres',
  },
  fantasy_art: {
    label: 'Fantasy art',
    promptTemplate:
      'epic fantasy art of {prompt}, ethereal light, intricate detail, painterly, dramatic composition',
    negativePrompt: 'photograph, mundane, plain background, lowres, watermark',
  },
  digital_art: {
    label: 'Digital art',
    promptTemplate:
      'digital illustration of {prompt}, concept art, crisp detail, trending on artstation',
    negativePrompt: 'photograph, blurry, lowres, jpeg artifacts',
  },
  pixel_art: {
    label: 'Pixel art',
    promptTemplate: 'pixel art of {prompt}, 16-bit, limited palette, crisp pixels',
    negativePrompt: 'photograph, photorealistic, smooth gradients, blurry',
  },
  line_art: {
    label: 'Line art',
    promptTemplate: 'black and white line art of {prompt}, ink drawing, clean outlines, minimal',
    negativePrompt: 'color, photograph, shading, blurry, lowres',
  },
} as const satisfies Record<string, StylePreset>;

export type StyleId = keyof typeof STYLE_PRESETS;
export const STYLE_IDS = Object.keys(STYLE_PRESETS) as [StyleId, ...StyleId[]];

/** The defaults every field falls back to, in the API and in the modal. */
export const DEFAULT_GENERATION_OPTIONS = {
  aspect_ratio: '1:1',
  image_count: 1,
  quality: 'balanced',
  style: null,
} as const satisfies {
  aspect_ratio: AspectRatio;
  image_count: number;
  quality: Quality;
  style: StyleId | null;
};

export const aspectRatioSchema = z.enum(ASPECT_RATIOS);
export const qualitySchema = z.enum(QUALITIES);
export const styleSchema = z.enum(STYLE_IDS);
export const imageCountSchema = z.number().int().min(IMAGE_COUNT_MIN).max(IMAGE_COUNT_MAX);
export const seedSchema = z.number().int().min(0).max(SEED_MAX);
export const negativePromptSchema = textWithoutBidiControls('negative_prompt')
  .trim()
  .max(
    NEGATIVE_PROMPT_MAX_LENGTH,
    `negative_prompt must be at most ${NEGATIVE_PROMPT_MAX_LENGTH} characters`,
  );

/** The most characters a style adds to a prompt: the engine must accept the prompt plus this. */
export const STYLE_PROMPT_MAX_EXTRA = Math.max(
  ...Object.values(STYLE_PRESETS).map(
    (preset: StylePreset) => preset.promptTemplate.length - '{prompt}'.length,
  ),
);

/** The prompt and negative prompt the engine gets for a stored prompt, negative and style. */
export function applyStylePreset(
  prompt: string,
  negativePrompt: string,
  style: StyleId | null,
): { prompt: string; negativePrompt: string } {
  if (!style) return { prompt, negativePrompt };
  const preset: StylePreset = STYLE_PRESETS[style];
  return {
    // A function replacement: a prompt's $-patterns are text, not replacement patterns.
    prompt: preset.promptTemplate.replace('{prompt}', () => prompt),
    negativePrompt: [preset.negativePrompt, negativePrompt].filter(Boolean).join(', '),
  };
}

/** The seed of image `index` of a submit: consecutive from the first, wrapping at SEED_MAX. */
export function seedForImage(firstSeed: number, index: number): number {
  return (firstSeed + index) % (SEED_MAX + 1);
}

/** Option names a backend may report it could not honour (`ignored_options`). */
export const ENGINE_OPTION_NAMES = ['negative_prompt', 'seed', 'aspect_ratio', 'quality'] as const;
export type EngineOptionName = (typeof ENGINE_OPTION_NAMES)[number];

/** '16:9' → 16 / 9: the value CSS `aspect-ratio` and layout arithmetic take. */
export function aspectRatioValue(ratio: AspectRatio): number {
  const [width = 1, height = 1] = ratio.split(':').map(Number);
  return width / height;
}
