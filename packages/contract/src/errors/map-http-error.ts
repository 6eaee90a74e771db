import { ERROR_CATALOGUE, isErrorCode, type ErrorCode } from './error-codes';

/** Message for a bare 429 without an error body (spec §8), distinct from RATE_LIMIT_EXCEEDED's. */
export const BARE_TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Please try again later.';

export interface MappedApiError {
  code: ErrorCode | (string & {});
  message: string;
  status: number;
  retryable: boolean;
}

function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

function hasErrorBody(body: unknown): body is { error: string; message: string } {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Record<string, unknown>;
  return typeof candidate.error === 'string' && typeof candidate.message === 'string';
}

/**
 * The spec §8 mapping from an HTTP outcome to the error the app shows. `status` is undefined when no
 * response arrived at all (network failure, timeout before headers).
 */
export function mapHttpError(status: number | undefined, body: unknown): MappedApiError {
  if (status === undefined || status === 0) {
    return {
      code: 'NETWORK_ERROR',
      message: ERROR_CATALOGUE.NETWORK_ERROR.message,
      status: 0,
      retryable: true,
    };
  }
  if (hasErrorBody(body)) {
    return {
      code: body.error,
      message: isErrorCode(body.error) ? ERROR_CATALOGUE[body.error].message : body.message,
      status,
      retryable: isRetryableStatus(status),
    };
  }
  const byStatus: Partial<Record<number, ErrorCode>> = {
    401: 'UNAUTHORIZED',
    402: 'INSUFFICIENT_CREDITS',
    404: 'NOT_FOUND',
    422: 'VALIDATION_ERROR',
  };
  const code = byStatus[status];
  if (code) {
    return { code, message: ERROR_CATALOGUE[code].message, status, retryable: false };
  }
  if (status === 429) {
    return {
      code: 'INTERNAL_ERROR',
      message: BARE_TOO_MANY_REQUESTS_MESSAGE,
      status,
      retryable: true,
    };
  }
  return {
    code: 'INTERNAL_ERROR',
    message: ERROR_CATALOGUE.INTERNAL_ERROR.message,
    status,
    retryable: status >= 500,
  };
}
