import { twoFactorErrorMessage } from '@nocturne/contract/auth/two-factor';
import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';

/** The error shape better-auth's client returns (`{ data, error }`), normalised for the forms. */
export interface AuthFormError {
  code?: string;
  message: string;
  status: number;
}

export class AuthRequestError extends Error {
  readonly code?: string;
  readonly status: number;

  constructor({ code, message, status }: AuthFormError) {
    super(message);
    this.name = 'AuthRequestError';
    this.code = code;
    this.status = status;
  }
}

/**
 * better-auth's own answers carry `code`; the server's `{ error, message }` answers (e.g.
 * ORIGIN_NOT_ALLOWED) carry `error`. Both keep their message, which the forms show as-is.
 */
export function toAuthRequestError(error: {
  code?: string;
  error?: unknown;
  message?: string;
  status: number;
}): AuthRequestError {
  if (error.status === 429) {
    return new AuthRequestError({
      code: 'RATE_LIMIT_EXCEEDED',
      message: ERROR_CATALOGUE.RATE_LIMIT_EXCEEDED.message,
      status: 429,
    });
  }
  if (error.status === 0 || error.status === undefined) {
    return new AuthRequestError({
      code: 'NETWORK_ERROR',
      message: ERROR_CATALOGUE.NETWORK_ERROR.message,
      status: 0,
    });
  }
  return new AuthRequestError({
    code: error.code ?? (typeof error.error === 'string' ? error.error : undefined),
    message: error.message || ERROR_CATALOGUE.INTERNAL_ERROR.message,
    status: error.status,
  });
}

/** Anything thrown by fetch itself (offline) becomes NETWORK_ERROR. */
export function asAuthRequestError(error: unknown): AuthRequestError {
  if (error instanceof AuthRequestError) return error;
  return toAuthRequestError({ status: 0 });
}

/** A refused second step, worded for the person (wrong code, used recovery code, too many tries). */
export function toTwoFactorRequestError(error: {
  code?: string;
  message?: string;
  status: number;
}): AuthRequestError {
  const message = twoFactorErrorMessage(error);
  if (!message) return toAuthRequestError(error);
  return new AuthRequestError({
    code: error.code ?? 'RATE_LIMIT_EXCEEDED',
    message,
    status: error.status,
  });
}
