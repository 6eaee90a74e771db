import { randomInt } from 'node:crypto';
import type { CreateGenerationRequest } from '@nocturne/contract/generations/create-generation';
import { SEED_MAX, seedForImage } from '@nocturne/contract/generations/generation-options';
import { hasPromptChoices } from '@nocturne/contract/text/prompt-choices';
import {
  expandPrompt,
  hasPromptReferences,
  NO_PROMPT_REFERENCES,
  type PromptReferences,
} from '@nocturne/contract/text/prompt-references';
import { CONTENT_PROMPT_MAX_LENGTH } from '@nocturne/contract/generations/create-generation';
import {
  findPromptChoicesProblem,
  promptChoicesProblemMessage,
} from '@nocturne/contract/generations/prompt-choices-problem';
import { AppError } from '../../lib/app-error';
import type { ScreenedPrompt } from '../moderation/screen-prompt';
import { screenedTextOf, type PromptedImage } from './engine-prompt';

/**
 * The seeds and prompts of a submit's images, decided once: the submit screens these prompts and
 * stores these same prompts on the rows (submit-generation.ts).
 */
export interface PromptPlan {
  /** The first image's seed; the others follow it (seedForImage). */
  firstSeed: number;
  /**
   * Each image's prompt, its characters, wildcards and choices expanded; null where the image gets
   * `content_prompt` itself.
   */
  prompts: readonly (string | null)[];
}

/**
 * The prompt each image of a submit gets (docs/decisions/061-presets-and-prompt-choices.md,
 * 082-prompt-references.md): each `@name` replaced by the character's description, each
 * `__name__` by one line of its list, then one option of each `{a|b}` group, lines and options
 * picked by the image's seed; null for every image when the prompt has neither references nor
 * choices (each image then gets `content_prompt` itself).
 */
export function expandBatchPrompts(
  contentPrompt: string,
  firstSeed: number,
  imageCount: number,
  references: PromptReferences = NO_PROMPT_REFERENCES,
): (string | null)[] {
  const expands = hasPromptChoices(contentPrompt) || hasPromptReferences(contentPrompt);
  return Array.from({ length: imageCount }, (_, index) =>
    expands ? expandPrompt(contentPrompt, references, seedForImage(firstSeed, index)) : null,
  );
}

/**
 * Refuses a plan whose expansion passes the engine's prompt limit, naming the image and what was
 * put in its prompt.
 */
export function assertExpansionsFit(
  prompts: readonly (string | null)[],
  putIn = 'its characters and wildcards are',
): void {
  const index = prompts.findIndex((prompt) => (prompt?.length ?? 0) > CONTENT_PROMPT_MAX_LENGTH);
  if (index === -1) return;
  throw new AppError('VALIDATION_ERROR', {
    message: `content_prompt: image ${index + 1}'s prompt is longer than ${CONTENT_PROMPT_MAX_LENGTH} characters once ${putIn} put in`,
  });
}

/** A random first seed, for a request that names none. */
export function drawSeed(): number {
  return randomInt(0, SEED_MAX + 1);
}

/** Refuses a prompt whose choices are not written correctly, naming the character. */
function assertChoicesWellFormed(contentPrompt: string): void {
  const problem = findPromptChoicesProblem(contentPrompt);
  if (problem) {
    throw new AppError('PROMPT_CHOICES_INVALID', {
      message: promptChoicesProblemMessage(problem),
      details: { ...problem },
    });
  }
}

/**
 * The plan of a new prompt's images: from the request's seed, else a drawn one, with the
 * characters and wildcard lines its references stand for (read-prompt-references.ts). A prompt
 * whose choices are malformed, or whose expansion is too long for the engine, is refused here,
 * before any screening or charge.
 */
export function planBatchPrompts(
  request: CreateGenerationRequest,
  references: PromptReferences = NO_PROMPT_REFERENCES,
  firstSeed = request.seed ?? drawSeed(),
): PromptPlan {
  assertChoicesWellFormed(request.content_prompt);
  const { content_prompt: prompt, image_count: imageCount } = request;
  const prompts = expandBatchPrompts(prompt, firstSeed, imageCount, references);
  assertExpansionsFit(prompts);
  return { firstSeed, prompts };
}

/** The images of a plan as the content rules and the engine see them. */
function plannedImages(request: CreateGenerationRequest, plan: PromptPlan): PromptedImage[] {
  return plan.prompts.map((expandedPrompt) => ({
    sourcePrompt: request.source_prompt,
    contentPrompt: request.content_prompt,
    expandedPrompt,
    negativePrompt: request.negative_prompt,
    style: request.style,
  }));
}

/**
 * Screens the text the engine will receive for every image of a plan (screenedTextOf: each
 * expansion with its style) before anything is charged, each distinct text once: the first
 * refusal refuses the whole submit, its message saying which image's prompt it was. A choice
 * that leaves an image's prompt empty is a validation error.
 */
export async function screenPlannedPrompts(options: {
  screen: (userId: string, prompt: ScreenedPrompt) => Promise<void>;
  userId: string;
  request: CreateGenerationRequest;
  plan: PromptPlan;
}): Promise<void> {
  const { request, plan } = options;
  const screened = new Set<string>();
  for (const [index, image] of plannedImages(request, plan).entries()) {
    if ((image.expandedPrompt ?? image.contentPrompt).trim() === '') {
      throw new AppError('VALIDATION_ERROR', {
        message: `content_prompt: the choices leave image ${index + 1}'s prompt empty`,
      });
    }
    const text = screenedTextOf(image);
    const key = JSON.stringify(text);
    if (screened.has(key)) continue;
    screened.add(key);
    try {
      await options.screen(options.userId, text);
    } catch (error) {
      throw image.expandedPrompt === null ? error : naming(error, index, plan.prompts.length);
    }
  }
}

/** A refusal of one expansion, its message saying which image's prompt was refused. */
function naming(error: unknown, index: number, imageCount: number): unknown {
  if (!(error instanceof AppError) || error.code !== 'CONTENT_POLICY_VIOLATION') return error;
  if (imageCount === 1) return error;
  return new AppError('CONTENT_POLICY_VIOLATION', {
    message: `The prompt of image ${index + 1} of ${imageCount}: ${error.message}`,
    details: { ...error.details, image_index: index },
    extra: error.extra,
    headers: error.headers,
    cause: error,
  });
}
