import { ERROR_CATALOGUE, type ErrorCode } from '@nocturne/contract/errors/error-codes';
import { PRODUCT_ERRORS, type ProductErrorCode } from '@nocturne/contract/errors/product-errors';

/** The spec §8 catalogue plus Nocturne's own codes (e.g. CONTENT_POLICY_VIOLATION). */
export type AppErrorCode = ErrorCode | ProductErrorCode;
/** Every code's HTTP status and default message: what the error handler answers with. */
export const ALL_ERRORS: Record<AppErrorCode, { status: number; message: string }> = {
  ...ERROR_CATALOGUE,
  ...PRODUCT_ERRORS,
};

export interface AppErrorOptions {
  /** Replaces the catalogue message (only for codes whose text the client shows verbatim). */
  message?: string;
  /** Logged with the error, never sent to the client. */
  details?: Record<string, unknown>;
  /**
   * Extra fields merged into the response body beside `error` and `message` (which they cannot
   * replace), e.g. `next_eligible_at` of COOLDOWN_ACTIVE. Only for fields the contract declares.
   */
  extra?: Record<string, unknown>;
  /** Response headers sent with the error, e.g. `Retry-After`. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * The one error type the server throws on purpose. The error handler turns it into
 * `{ error: code, message, ...extra }` with the catalogue's HTTP status.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly statusCode: number;
  readonly details: Record<string, unknown> | undefined;
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(code: AppErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? ALL_ERRORS[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ALL_ERRORS[code].status;
    this.details = options.details;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}
