const UNIQUE_VIOLATION = '23505';

/** Whether a database error (or one it wraps, as drizzle does) broke a unique constraint. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: string }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}
