/**
 * Error codes Nocturne adds beyond the spec §8 catalogue. The catalogue stays the spec's table;
 * the server's AppError and error handler accept these codes too (same `{ error, message }` body).
 */
export const PRODUCT_ERRORS = {
  /** A prompt refused by the content policy (ARCHITECTURE.md: Content rules), before any charge. */
  CONTENT_POLICY_VIOLATION: {
    status: 422,
    message: 'This prompt is not allowed by our content policy.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ProductErrorCode = keyof typeof PRODUCT_ERRORS;
