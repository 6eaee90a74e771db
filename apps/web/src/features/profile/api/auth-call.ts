import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';

interface BetterAuthResult<T> {
  data: T | null;
  error: { status: number; message?: string } | null;
}

/** A refused better-auth call; its message is better-auth's own, shown as-is by the forms. */
export class AccountRequestError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'AccountRequestError';
    this.status = status;
  }
}

/** Unwraps better-auth's `{ data, error }` into a value or an AccountRequestError. */
export async function authCall<T>(call: () => Promise<BetterAuthResult<T>>): Promise<T> {
  let result: BetterAuthResult<T>;
  try {
    result = await call();
  } catch {
    throw new AccountRequestError(ERROR_CATALOGUE.NETWORK_ERROR.message, 0);
  }
  if (result.error) {
    const { status } = result.error;
    const message =
      status === 429
        ? ERROR_CATALOGUE.RATE_LIMIT_EXCEEDED.message
        : result.error.message || ERROR_CATALOGUE.INTERNAL_ERROR.message;
    throw new AccountRequestError(message, status);
  }
  return result.data as T;
}

/** The message a form shows for a failed account call. */
export function accountErrorMessage(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : ERROR_CATALOGUE.INTERNAL_ERROR.message;
}
