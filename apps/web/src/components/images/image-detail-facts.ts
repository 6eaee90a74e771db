import {
  QUALITY_LABELS,
  STYLE_PRESETS,
  type AspectRatio,
  type Quality,
  type StyleId,
} from '@nocturne/contract/generations/generation-options';

/** The options an image was made with, as far as they are known (older favorites kept none). */
export interface DetailOptions {
  negativePrompt: string;
  seed: number | null;
  aspectRatio: AspectRatio;
  quality: Quality;
  style: StyleId | null;
  /** The catalog model that rendered it, by its display name. */
  model?: string | null;
  /** The LoRAs it was made with, at their weights ("Ink sketch 0.6, Film grain 1"). */
  loras?: string | null;
  /** This image's place in its submit: shown only for a submit of several. */
  imageIndex?: number;
  imageCount?: number;
}

export interface DetailFact {
  term: string;
  value: string;
  /** Set in a monospace face (seeds). */
  mono?: boolean;
}

/**
 * The detail view's lines beyond the date and id, in reading order: every option the image was
 * made with, and nothing for an empty one (no 'None' lines).
 */
export function imageDetailFacts(image: {
  contentPrompt: string;
  sourcePrompt: string;
  options?: DetailOptions | null;
}): DetailFact[] {
  const options = image.options;
  const facts: Array<DetailFact | null> = [
    { term: 'Prompt', value: image.contentPrompt },
    image.sourcePrompt ? { term: 'Source prompt', value: image.sourcePrompt } : null,
    options?.negativePrompt ? { term: 'Negative prompt', value: options.negativePrompt } : null,
    options?.style ? { term: 'Style', value: STYLE_PRESETS[options.style].label } : null,
    options ? { term: 'Aspect ratio', value: options.aspectRatio } : null,
    options ? { term: 'Quality', value: QUALITY_LABELS[options.quality] } : null,
    options?.model ? { term: 'Model', value: options.model } : null,
    options?.loras ? { term: 'LoRAs', value: options.loras } : null,
    options && options.seed !== null
      ? { term: 'Seed', value: String(options.seed), mono: true }
      : null,
    options?.imageCount && options.imageCount > 1 && options.imageIndex !== undefined
      ? { term: 'Image', value: `${options.imageIndex + 1} of ${options.imageCount}` }
      : null,
  ];
  return facts.filter((fact): fact is DetailFact => fact !== null);
}
