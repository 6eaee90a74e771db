import type { z } from 'zod';

/** First message per top-level field of a failed zod parse. */
export function fieldErrors<T extends string>(error: z.ZodError): Partial<Record<T, string>> {
  const errors: Partial<Record<T, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in errors)) errors[key as T] = issue.message;
  }
  return errors;
}
