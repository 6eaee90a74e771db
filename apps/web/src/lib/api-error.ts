import type { z } from 'zod';
import { ERROR_CATALOGUE, type ErrorCode } from '@nocturne/contract/errors/error-codes';
import { mapHttpError, type MappedApiError } from '@nocturne/contract/errors/map-http-error';
import type { ProductErrorCode } from '@nocturne/contract/errors/product-errors';

export type ContractIssue = z.core.$ZodIssue;

/** Every failed product call surfaces as one of these (spec §8). */
export class ApiError extends Error {
  readonly code: MappedApiError['code'];
  readonly status: number;
  readonly retryable: boolean;
  /** Where a body or an answer broke its contract schema: for the log, never for the screen. */
  readonly issues: readonly ContractIssue[];

  constructor(mapped: MappedApiError, issues: readonly ContractIssue[] = []) {
    super(mapped.message);
    this.name = 'ApiError';
    this.code = mapped.code;
    this.status = mapped.status;
    this.retryable = mapped.retryable;
    this.issues = issues;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The catalogue's own wording for a failure the client itself decides (never retried). */
export function catalogueError(code: ErrorCode, status: number, issues?: readonly ContractIssue[]) {
  return new ApiError(
    { code, message: ERROR_CATALOGUE[code].message, status, retryable: false },
    issues,
  );
}

/**
 * Answers a retry cannot change within seconds: the person has to choose again (another model),
 * so they are told at once instead of after the spec §9 back-off.
 */
const CHOICE_ERRORS: ReadonlySet<string> = new Set<ProductErrorCode>(['MODEL_UNAVAILABLE']);

/** A failed answer, as spec §8 maps its status and body. */
export function answerError(status: number, body: unknown): ApiError {
  const mapped = mapHttpError(status, body);
  return new ApiError(CHOICE_ERRORS.has(mapped.code) ? { ...mapped, retryable: false } : mapped);
}

/** No answer at all: offline, DNS, the 30 s timeout or the caller's abort (spec §8, status 0). */
export const noAnswerError = () => new ApiError(mapHttpError(undefined, undefined));
