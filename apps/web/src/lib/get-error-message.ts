import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { isApiError } from './api-client';

/**
 * What a person reads about a failed call: an ApiError already carries the spec §8 catalogue
 * message; any other error's message is meant for developers (a zod dump, a stack hint), so it
 * shows as INTERNAL_ERROR's words. The API client logs the details.
 */
export function getErrorMessage(error: unknown): string {
  return isApiError(error) ? error.message : ERROR_CATALOGUE.INTERNAL_ERROR.message;
}
