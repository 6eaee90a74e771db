import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';

interface BetterAuthResult<T> {
  data: T | null;
  error: { status: number; message?: string; code?: string } | null;
}

/** A refused better-auth call; its message is better-auth's own, shown as-is by the forms. */
export class AccountRequestError extends Error {
  readonly status: number;
  readonly code?: string;
  constructor(message: string, status: number, code?: string) {
    super(message);
    this.name = 'AccountRequestError';
    this.status = status;
    this.code = code;
  }
}

/**
 * Unwraps better-auth's `{ data, error }` into a value or an AccountRequestError. `describe`
 * words a refusal for the person where better-auth's own message is too terse.
 */
export async function authCall<T>(
  call: () => Promise<BetterAuthResult<T>>,
  describe?: (error: { status: number; code?: string }) => string | undefined,
): Promise<T> {
  let result: BetterAuthResult<T>;
  try {
    result = await call();
  } catch {
    throw new AccountRequestError(ERROR_CATALOGUE.NETWORK_ERROR.message, 0);
  }
  if (result.error) {
    const { status, code } = result.error;
    const message =
      describe?.(result.error) ??
      (status === 429
        ? ERROR_CATALOGUE.RATE_LIMIT_EXCEEDED.message
        : result.error.message || ERROR_CATALOGUE.INTERNAL_ERROR.message);
    throw new AccountRequestError(message, status, code);
  }
  return result.data as T;
}

/** The message a form shows for a failed account call. */
export function accountErrorMessage(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : ERROR_CATALOGUE.INTERNAL_ERROR.message;
}
