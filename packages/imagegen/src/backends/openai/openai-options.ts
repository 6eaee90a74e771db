import { ratioDistance } from '../../aspect-ratio';
import type { EngineQuality } from '../../types';

export type OpenAiSizes = readonly string[] | 'any';
export type OpenAiQualityValues = Record<EngineQuality, string> | null;

interface ModelFamily {
  sizes: OpenAiSizes;
  quality: OpenAiQualityValues;
}

/**
 * What OpenAI's own image models accept (platform.openai.com API reference, images/create).
 * Anything else is an OpenAI-compatible server (LocalAI, gateways…), which usually takes any
 * `WxH` and no `quality`; both are configurable for the ones that differ.
 */
export function modelFamily(model: string): ModelFamily {
  if (model.startsWith('gpt-image')) {
    return {
      sizes: ['1024x1024', '1536x1024', '1024x1536'],
      quality: { fast: 'low', balanced: 'medium', best: 'high' },
    };
  }
  if (model === 'dall-e-3') {
    return {
      sizes: ['1024x1024', '1792x1024', '1024x1792'],
      quality: { fast: 'standard', balanced: 'standard', best: 'hd' },
    };
  }
  if (model === 'dall-e-2') return { sizes: ['256x256', '512x512', '1024x1024'], quality: null };
  return { sizes: 'any', quality: null };
}

function parseSize(size: string): { width: number; height: number } {
  const match = /^(\d+)x(\d+)$/.exec(size);
  if (!match) throw new Error(`OpenAI images size must look like 1024x1024, got "${size}".`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

/**
 * The accepted size closest in ratio to the wanted one, then closest in area: the API refuses
 * any other size, so the ratio may end up approximate (reported as an ignored option).
 */
export function chooseSize(
  sizes: OpenAiSizes,
  wanted: { width: number; height: number; ratio: number },
): { width: number; height: number } {
  if (sizes === 'any') return { width: wanted.width, height: wanted.height };
  const area = wanted.width * wanted.height;
  const scored = sizes.map(parseSize).map((size) => ({
    size,
    ratioError: ratioDistance(size.width / size.height, wanted.ratio),
    areaError: Math.abs(Math.log((size.width * size.height) / area)),
  }));
  scored.sort((a, b) => a.ratioError - b.ratioError || a.areaError - b.areaError);
  const best = scored[0];
  if (!best) throw new Error('OpenAI images backend configured with no sizes.');
  return best.size;
}

/**
 * The multipart field `/v1/images/edits` takes the source in: `image[]` for the GPT image models
 * (which accept several), `image` for dall-e-2 and OpenAI-compatible servers. OpenAI answers a
 * gpt-image model's source sent as `image` with "Invalid value: 'gpt-image-1'. Value must be
 * 'dall-e-2'." (OpenAI API reference, images/createEdit; openai-python's image_edit_params).
 */
export function editImageField(model: string): 'image' | 'image[]' {
  return /^(gpt-image|chatgpt-image)/.test(model) ? 'image[]' : 'image';
}
