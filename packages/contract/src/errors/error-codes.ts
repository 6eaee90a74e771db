import { z } from 'zod';

/**
 * The spec §8 error catalogue: every code the API answers with, the message users see for it and
 * the HTTP status the server sends. NETWORK_ERROR never travels on the wire; the web client raises
 * it when no response arrives at all (status 0).
 */
export const ERROR_CATALOGUE = {
  UNAUTHORIZED: { status: 401, message: 'Your session has expired. Please sign in again.' },
  INSUFFICIENT_CREDITS: {
    status: 402,
    message: "You don't have enough credits to generate an image.",
  },
  NOT_FOUND: { status: 404, message: 'The requested resource was not found.' },
  VALIDATION_ERROR: { status: 422, message: 'Please check your input and try again.' },
  ALREADY_EXISTS: { status: 409, message: 'This item already exists.' },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong. Please try again later.' },
  NETWORK_ERROR: {
    status: 0,
    message: 'Connection failed. Please check your internet and try again.',
  },
  CREDITS_NOT_EXHAUSTED: {
    status: 409,
    message:
      'You still have credits available. Daily credits can only be requested when your balance is 0.',
  },
  PREMIUM_USER_NO_DAILY_CREDITS: {
    status: 403,
    message: 'Premium users have unlimited generations and cannot request daily credits.',
  },
  COOLDOWN_ACTIVE: { status: 429, message: 'Please wait before requesting daily credits again.' },
  RATE_LIMIT_EXCEEDED: {
    status: 429,
    message: 'Too many requests. Please wait a moment and try again.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

/** The body of every error response: `{ "error": CODE, "message": text }`. */
export const errorResponseSchema = z
  .object({
    error: z.string().describe('Error code from the catalogue, e.g. NOT_FOUND'),
    message: z.string().describe('Human-readable message'),
  })
  .meta({ id: 'ErrorResponse' });

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
