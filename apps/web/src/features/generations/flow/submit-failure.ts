import type { ProductErrorCode } from '@nocturne/contract/errors/product-errors';
import { isApiError } from '../../../lib/api-client';
import {
  GENERATION_MESSAGES,
  type GenerationFlowAction,
  type RefusedField,
} from './generation-flow-state';

const MODEL_ERRORS: ReadonlySet<string> = new Set<ProductErrorCode>([
  'MODEL_REQUIRES_PREMIUM',
  'UNKNOWN_MODEL',
  'MODEL_UNAVAILABLE',
]);

/**
 * Refusals of the prompt itself: by a content rule, written in a language not read yet, or with
 * its choices written wrongly (the field checks them first; the server has the last word).
 */
const PROMPT_ERRORS: ReadonlySet<string> = new Set<ProductErrorCode>([
  'CONTENT_POLICY_VIOLATION',
  'PROMPT_LANGUAGE_UNSUPPORTED',
  'PROMPT_CHOICES_INVALID',
]);

/** A submit the server refused for its prompt or its model: the person changes that first. */
function refusedField(error: unknown): RefusedField | undefined {
  if (!isApiError(error)) return undefined;
  if (PROMPT_ERRORS.has(error.code)) return 'prompt';
  return MODEL_ERRORS.has(error.code) ? 'model' : undefined;
}

/** What a failed submit tells the flow: why, whether Try Again may resend it, what to change. */
export function submitFailure(
  error: unknown,
): Extract<GenerationFlowAction, { type: 'submitFailed' }> {
  return {
    type: 'submitFailed',
    message: error instanceof Error ? error.message : GENERATION_MESSAGES.failed,
    retryable: isApiError(error) && error.retryable,
    refused: refusedField(error),
    code: isApiError(error) ? error.code : undefined,
  };
}
