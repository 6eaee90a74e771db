import { isApiError } from '../../../lib/api-client';
import { getErrorMessage } from '../../../lib/get-error-message';

export const VERIFY_EMAIL_MESSAGE = 'Please verify your email address before subscribing.';
export const ALREADY_SUBSCRIBED_MESSAGE = 'You already have an active subscription.';

/** Spec §8 "Create subscription": two refusals have their own words, others the server's. */
export function createSubscriptionErrorMessage(error: unknown): string {
  if (isApiError(error) && error.code === 'VALIDATION_ERROR') return VERIFY_EMAIL_MESSAGE;
  if (isApiError(error) && error.code === 'ALREADY_EXISTS') return ALREADY_SUBSCRIBED_MESSAGE;
  return getErrorMessage(error);
}
