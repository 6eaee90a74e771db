import type { CreateGenerationRequest } from '@nocturne/contract/generations/create-generation';
import type {
  GenerationKind,
  UpscaleFactor,
  VariationStrengthName,
} from '@nocturne/contract/generations/derive-generation';
import { MAX_SIDE } from '@nocturne/imagegen/aspect-ratio';
import { readPngSize } from '@nocturne/imagegen/png/png-size';
import { AppError } from '../../lib/app-error';
import { drawSeed, type PromptPlan } from './batch-prompts';
import type { ImageStore } from '../images/image-store';
import { readImageHead } from '../images/read-image-head';
import type { AppModels } from '../models/app-models';
import { modelCapabilities } from '../models/model-capabilities';
import type { ServedEngine } from '../models/model-types';
import { isResultRetained, type GenerationRow } from './generation-row';

/** How a variation, upscale or inpaint row names its source (columns of `generations`). */
export interface Derivation {
  kind: Exclude<GenerationKind, 'generate'>;
  sourceGenerationId: string;
  strength: VariationStrengthName | null;
  upscaleFactor: UpscaleFactor | null;
  inpaintStrength: number | null;
}

/**
 * What the person asked to do with one of their results. An inpaint's `mask` is the base64 PNG as
 * sent (submitted-mask.ts reads it); its `prompt`, when given, replaces the source's.
 */
export type DeriveAction =
  | { kind: 'variation'; strength: VariationStrengthName }
  | { kind: 'upscale'; factor: UpscaleFactor }
  | { kind: 'inpaint'; mask: string; prompt?: string; strength: number };

/**
 * Refuses a source that cannot be derived from, before anything is charged: it must be completed
 * with its image still stored (SOURCE_IMAGE_EXPIRED), its model must still be in the catalog
 * (UNKNOWN_MODEL) and its engine must declare the action (MODEL_CANNOT_VARY,
 * UPSCALE_FACTOR_UNAVAILABLE, MODEL_CANNOT_INPAINT). Ownership is the caller's lookup (another
 * person's id: NOT_FOUND).
 */
export function assertDerivable(
  source: GenerationRow,
  action: DeriveAction,
  models: AppModels,
  served: ReadonlyMap<string, ServedEngine>,
  now = new Date(),
): void {
  if (source.status !== 'completed') {
    throw new AppError('VALIDATION_ERROR', {
      message: 'Only a finished image can be varied or upscaled.',
    });
  }
  if (!isResultRetained(source, now)) throw new AppError('SOURCE_IMAGE_EXPIRED');
  if (!models.registry.find(source.model)) {
    throw new AppError('UNKNOWN_MODEL', { details: { model: source.model } });
  }
  const can = modelCapabilities(models, served, source.model);
  if (action.kind === 'variation' && !can.variations) {
    throw new AppError('MODEL_CANNOT_VARY', { details: { model: source.model } });
  }
  if (action.kind === 'upscale' && !can.upscale.includes(action.factor)) {
    throw new AppError('UPSCALE_FACTOR_UNAVAILABLE', {
      details: { model: source.model, offered: can.upscale },
    });
  }
  if (action.kind === 'inpaint' && !can.inpaint) {
    throw new AppError('MODEL_CANNOT_INPAINT', { details: { model: source.model } });
  }
}

/** A PNG's signature and IHDR, which hold its width and height (readPngSize). */
const PNG_HEADER_BYTES = 24;

/**
 * The width and height of a source's stored image, from its PNG's header alone; undefined when
 * its file cannot be read (the worker then fails the job and refunds it: derived-job-input.ts).
 */
export async function readStoredImageSize(
  source: GenerationRow,
  images: Pick<ImageStore, 'open'>,
): Promise<{ width: number; height: number } | undefined> {
  if (!source.resultPath) return undefined;
  const png = await readImageHead(images, source.resultPath, PNG_HEADER_BYTES).catch(
    () => undefined,
  );
  return png ? readPngSize(png) : undefined;
}

/**
 * Refuses an upscale whose output would pass the engines' largest side (UPSCALE_TOO_LARGE), before
 * anything is charged. A source whose file cannot be read is left to the worker.
 */
export async function assertUpscaleFits(
  source: GenerationRow,
  factor: UpscaleFactor,
  images: Pick<ImageStore, 'open'>,
): Promise<void> {
  const size = await readStoredImageSize(source, images);
  if (!size) return;
  const { width, height } = size;
  if (Math.max(width, height) * factor > MAX_SIDE) {
    throw new AppError('UPSCALE_TOO_LARGE', {
      details: { width, height, factor, maxSide: MAX_SIDE },
    });
  }
}

/** A stored image's prompts, options and LoRAs as the request of one image on its model. */
export function storedRequestOf(row: GenerationRow): CreateGenerationRequest {
  return {
    source_prompt: row.sourcePrompt,
    content_prompt: row.contentPrompt,
    negative_prompt: row.negativePrompt,
    aspect_ratio: row.aspectRatio,
    quality: row.quality,
    style: row.style,
    image_count: 1,
    model: row.model,
    ...(row.loras.length > 0 ? { loras: row.loras.map(({ id, weight }) => ({ id, weight })) } : {}),
  };
}

/** How a derived row names its source and keeps the action's own setting. */
export function derivationFor(source: GenerationRow, action: DeriveAction): Derivation {
  return {
    kind: action.kind,
    sourceGenerationId: source.id,
    strength: action.kind === 'variation' ? action.strength : null,
    upscaleFactor: action.kind === 'upscale' ? action.factor : null,
    inpaintStrength: action.kind === 'inpaint' ? action.strength : null,
  };
}

/**
 * The submit of one derived image: the source's model, prompts and options; a new random seed for
 * a variation or an inpaint, the source's own for an upscale (the same image, enlarged). Its
 * prompt is the one the source image got: a prompt with choices is never expanded again, so a new
 * seed cannot pick other options than the ones screened and rendered for the source.
 */
export function derivedSubmit(
  source: GenerationRow,
  action: DeriveAction,
): { request: CreateGenerationRequest; derivation: Derivation; plan: PromptPlan } {
  const request: CreateGenerationRequest = {
    ...storedRequestOf(source),
    ...(action.kind === 'upscale' && source.seed !== null ? { seed: source.seed } : {}),
  };
  const plan = { firstSeed: request.seed ?? drawSeed(), prompts: [source.expandedPrompt] };
  return { request, derivation: derivationFor(source, action), plan };
}
