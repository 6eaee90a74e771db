import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
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

/** The form's own error (about no single field), which the next submit clears. */
export const FORM_ERROR = 'root.request';

/** Puts a refused request's error into the form: at its field, or as the form's own error. */
export function showFieldError<T extends FieldValues, Context, Output>(
  form: UseFormReturn<T, Context, Output>,
  failure: FieldError,
): void {
  form.setError((failure.field ?? FORM_ERROR) as FieldPath<T>, { message: failure.message });
}

/** The form's own error, when the last request left one. */
export function formError<T extends FieldValues, Context, Output>(
  form: UseFormReturn<T, Context, Output>,
): string | undefined {
  return form.formState.errors.root?.request?.message;
}
