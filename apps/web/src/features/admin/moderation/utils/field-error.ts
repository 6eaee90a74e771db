import { isApiError } from '../../../../lib/api-client';
import { getErrorMessage } from '../../../../lib/get-error-message';

export interface FieldError {
  /** The body field the error is about, or undefined when it is about no single field. */
  field?: string;
  message: string;
}

/**
 * Where a refused request's error shows: a failed contract check at its first field, with that
 * field's rule from `messages`; an error code `codeFields` ties to a field at that field, with
 * the server's message; anything else as the server's message for the whole form.
 */
export function fieldError(
  error: unknown,
  messages: Readonly<Record<string, string>>,
  codeFields: Readonly<Record<string, string>> = {},
): FieldError {
  if (isApiError(error)) {
    const key = error.code === 'VALIDATION_ERROR' ? error.issues[0]?.path[0] : undefined;
    if (typeof key === 'string') return { field: key, message: messages[key] ?? error.message };
    const field = codeFields[error.code];
    if (field) return { field, message: error.message };
  }
  return { message: getErrorMessage(error) };
}
