import { getErrorMessage } from '../../../lib/get-error-message';
import { isApiError } from '../../../lib/api-client';

export const VERIFY_EMAIL_TO_BUY_MESSAGE =
  'Please verify your email address before buying credits.';

/** A top-up refused for an unverified email reads as what to do (issue 10); others as the catalogue says. */
export function getBuyCreditsErrorMessage(error: unknown): string {
  if (isApiError(error) && error.code === 'VALIDATION_ERROR') return VERIFY_EMAIL_TO_BUY_MESSAGE;
  return getErrorMessage(error);
}
