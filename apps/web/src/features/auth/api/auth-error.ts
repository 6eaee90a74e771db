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

export function toAuthRequestError(error: {
  code?: string;
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
    code: error.code,
    message: error.message || ERROR_CATALOGUE.INTERNAL_ERROR.message,
    status: error.status,
  });
}

/** Anything thrown by fetch itself (offline) becomes NETWORK_ERROR. */
export function asAuthRequestError(error: unknown): AuthRequestError {
  if (error instanceof AuthRequestError) return error;
  return toAuthRequestError({ status: 0 });
}
