import type { CreateGenerationRequest } from '@nocturne/contract/generations/create-generation';
import { seedForImage } from '@nocturne/contract/generations/generation-options';
import { expandPromptChoices, hasPromptChoices } from '@nocturne/contract/text/prompt-choices';
import { AppError } from '../../lib/app-error';
import type { ScreenedPrompt } from '../moderation/screen-prompt';

/**
 * The prompt each image of a submit gets (docs/decisions/061-presets-and-prompt-choices.md):
 * one option of each `{a|b}` group, picked by the image's seed; null for every image when the
 * prompt has no choices (each image then gets `content_prompt` itself).
 */
export function expandBatchPrompts(
  contentPrompt: string,
  firstSeed: number,
  imageCount: number,
): (string | null)[] {
  const choices = hasPromptChoices(contentPrompt);
  return Array.from({ length: imageCount }, (_, index) =>
    choices ? expandPromptChoices(contentPrompt, seedForImage(firstSeed, index)) : null,
  );
}

/**
 * Screens every distinct prompt of a submit with the content rules before anything is charged:
 * the first refusal refuses the whole submit, its message saying which image's prompt it was.
 * A choice that leaves an image's prompt empty is a validation error.
 */
export async function screenBatchPrompts(options: {
  screen: (userId: string, prompt: ScreenedPrompt) => Promise<void>;
  userId: string;
  request: CreateGenerationRequest;
  prompts: (string | null)[];
}): Promise<void> {
  const { request, prompts } = options;
  const screened = new Set<string>();
  for (const [index, expanded] of prompts.entries()) {
    const contentPrompt = expanded ?? request.content_prompt;
    if (screened.has(contentPrompt)) continue;
    screened.add(contentPrompt);
    if (contentPrompt.trim() === '') {
      throw new AppError('VALIDATION_ERROR', {
        message: `content_prompt: the choices leave image ${index + 1}'s prompt empty`,
      });
    }
    try {
      await options.screen(options.userId, {
        sourcePrompt: request.source_prompt,
        contentPrompt,
        negativePrompt: request.negative_prompt,
      });
    } catch (error) {
      throw expanded === null ? error : naming(error, index, prompts.length);
    }
  }
}

/** A refusal of one expansion, its message saying which image's prompt was refused. */
function naming(error: unknown, index: number, imageCount: number): unknown {
  if (!(error instanceof AppError) || error.code !== 'CONTENT_POLICY_VIOLATION') return error;
  return new AppError('CONTENT_POLICY_VIOLATION', {
    message: `The prompt of image ${index + 1} of ${imageCount}: ${error.message}`,
    details: { ...error.details, image_index: index },
    extra: error.extra,
    headers: error.headers,
    cause: error,
  });
}
