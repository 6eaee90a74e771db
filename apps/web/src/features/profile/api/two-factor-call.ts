import { twoFactorErrorMessage } from '@nocturne/contract/auth/two-factor';
import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { authClient } from '../../../lib/auth-client';
import { tokenManager } from '../../../lib/auth-token';
import { AccountRequestError, authCall } from './auth-call';
import { PROFILE_QUERY_KEY } from './get-profile';

/**
 * `POST /api/auth/two-factor/<path>` with the session cookie, refusals worded for the person
 * (wrong password, wrong code, too many tries) and the answer checked against `schema`.
 */
export async function twoFactorCall<T>(path: string, body: object, schema: z.ZodType<T>) {
  const data = await authCall(
    () => authClient.$fetch<unknown>(`/two-factor/${path}`, { method: 'POST', body }),
    twoFactorErrorMessage,
  );
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new AccountRequestError(ERROR_CATALOGUE.INTERNAL_ERROR.message, 0);
  return parsed.data;
}

/**
 * Turning two-factor sign-in on or off replaces this browser's session (better-auth ends the old
 * one): its cached access token is dropped and the account's state is read again.
 */
export async function afterSessionReplaced(queryClient: QueryClient): Promise<void> {
  tokenManager.clear();
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
    // The session and the list of sessions (both keyed under 'auth') name the new session.
    queryClient.invalidateQueries({ queryKey: ['auth'] }),
  ]);
}
