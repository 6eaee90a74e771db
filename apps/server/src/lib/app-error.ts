import { ERROR_CATALOGUE, type ErrorCode } from '@nocturne/contract/errors/error-codes';

export interface AppErrorOptions {
  /** Replaces the catalogue message (only for codes whose text the client shows verbatim). */
  message?: string;
  /** Logged with the error, never sent to the client. */
  details?: Record<string, unknown>;
  cause?: unknown;
}

/**
 * The one error type the server throws on purpose. The error handler turns it into
 * `{ error: code, message }` with the catalogue's HTTP status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? ERROR_CATALOGUE[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_CATALOGUE[code].status;
    this.details = options.details;
  }
}
