import { z } from 'zod';
import {
  CONTENT_PROMPT_MAX_LENGTH,
  createGenerationRequestSchema,
} from '@nocturne/contract/generations/create-generation';
import { NEGATIVE_PROMPT_MAX_LENGTH } from '@nocturne/contract/generations/generation-options';
import {
  findPromptChoicesProblem,
  promptChoicesProblemMessage,
} from '@nocturne/contract/generations/prompt-choices-problem';
import { bidiControlMessage } from '@nocturne/contract/text/bidi-controls';
import type { FieldError } from 'react-hook-form';
import { lengthLimitMessage } from '../../../lib/forms/length-limit';

const body = createGenerationRequestSchema.shape;

/**
 * The modal's form, checked field by field by the contract's POST /generate body: the prompt is
 * its content_prompt (trimmed, required, no text-direction controls, its `{a|b}` choices written
 * as the server accepts them, counted as the server counts), and the seed and model are
 * null where the body leaves them out (a random seed, the plan's default model). The form holds
 * every option, so none falls back on the body's defaults.
 */
export const generationFormSchema = z.object({
  prompt: body.content_prompt.superRefine((prompt, context) => {
    const problem = findPromptChoicesProblem(prompt);
    if (problem)
      context.addIssue({ code: 'custom', message: promptChoicesProblemMessage(problem) });
  }),
  negative_prompt: body.negative_prompt.unwrap(),
  aspect_ratio: body.aspect_ratio.unwrap(),
  image_count: body.image_count.unwrap(),
  quality: body.quality.unwrap(),
  style: body.style.unwrap(),
  seed: body.seed.unwrap().nullable(),
  model: body.model.unwrap().nullable(),
  loras: body.loras,
});

/** The server refuses these characters; pasted text is where they usually come from. */
export const PROMPT_BIDI_ERROR =
  'Remove the invisible text-direction characters from the prompt (they often come with pasted text).';
export const NEGATIVE_PROMPT_BIDI_ERROR =
  'Remove the invisible text-direction characters from this text (they often come with pasted text).';

const FIELD_LIMITS = {
  content_prompt: { subject: 'The prompt', max: CONTENT_PROMPT_MAX_LENGTH },
  negative_prompt: { subject: 'The negative prompt', max: NEGATIVE_PROMPT_MAX_LENGTH },
} as const;

/**
 * What the person reads under a text field the schema refused, in their words: the
 * text-direction refusal, the limit with the field's length, and a problem in the prompt's
 * choices. A blank prompt says nothing (Generate is simply off).
 */
export function textFieldError(
  error: FieldError | undefined,
  field: 'content_prompt' | 'negative_prompt',
  length: number,
): string | undefined {
  if (!error) return undefined;
  if (error.message === bidiControlMessage(field)) {
    return field === 'content_prompt' ? PROMPT_BIDI_ERROR : NEGATIVE_PROMPT_BIDI_ERROR;
  }
  if (error.type === 'too_big') {
    return lengthLimitMessage(FIELD_LIMITS[field].subject, FIELD_LIMITS[field].max, length);
  }
  return error.type === 'custom' ? error.message : undefined;
}
