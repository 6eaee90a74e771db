import type { CreateGenerationRequest } from '@nocturne/contract/generations/create-generation';
import type {
  UpscaleFactor,
  VariationStrengthName,
} from '@nocturne/contract/generations/derive-generation';
import type { GenerationStatus } from '@nocturne/contract/generations/generation-status';

/*
 * The shapes the generation feature's parts hand each other: what a submit sends, what a derive
 * asks for, and what the flow knows of each image. They import nothing of the feature, so the
 * form, the flow and the derive actions can all read them without importing one another.
 */

/** Everything POST /generate gets besides the prompt (the seed is absent when random). */
export type GenerationRequestOptions = Omit<
  CreateGenerationRequest,
  'source_prompt' | 'content_prompt'
>;

/**
 * A region of a result repainted: the mask editor's PNG (white where painted), what goes there
 * (absent: the source's prompt) and how strongly. The editor sends it itself, so its errors stay
 * beside the mask; `requestId` is its answer, which the flow follows instead of sending again
 * (Try Again after a failed image sends the rest once more).
 */
export interface InpaintAction {
  kind: 'inpaint';
  mask: string;
  prompt?: string;
  strength: number;
  requestId?: string;
}

/** What can be made from a result: a variation, an upscale, or a region repainted. */
export type DeriveAction =
  | { kind: 'variation'; strength: VariationStrengthName }
  | { kind: 'upscale'; factor: UpscaleFactor }
  | InpaintAction;

/** A derive submit: which of the person's results, and what to make of it. */
export interface DeriveRequest {
  sourceId: string;
  action: DeriveAction;
  /** The source's pixel size where the page has measured it: an upscale's words name the result. */
  sourceSize?: ImageSize;
}

export interface ImageSize {
  width: number;
  height: number;
}

/** The image forming, as the progress step shows it in its frame. */
export interface LivePreview {
  src: string;
  step: number;
  steps: number;
}

/**
 * One image of a submit as the channel reports it. A submit of N images is N jobs on one
 * channel, told apart by image_index; `pending` is an image nothing was heard of yet.
 */
export interface ImageSlot {
  index: number;
  generationId: string | null;
  status: GenerationStatus | 'pending';
  /** The last reported progress, 0-1. */
  progress: number | null;
  queuePosition: number | null;
  waitSeconds: number | null;
  seed: number | null;
  imageSrc: string | null;
  error: string | null;
  /** The newest live preview while it renders (models that send them), else null. */
  preview: LivePreview | null;
}

/** One image on the completion step: its picture, or why it failed. */
export interface FinishedImage {
  index: number;
  generationId: string | null;
  seed: number | null;
  imageSrc: string | null;
  error: string | null;
}
