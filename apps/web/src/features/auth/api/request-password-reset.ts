import { useMutation } from '@tanstack/react-query';
import { RESET_PASSWORD_PATH } from '@nocturne/contract/app-routes';
import { authClient } from '../../../lib/auth-client';
import { asAuthRequestError, toAuthRequestError } from './auth-error';

/**
 * `POST /api/auth/request-password-reset`: mails a link that lands on /reset-password. The
 * answer is the same whether or not the address has an account, so nobody learns who signed up.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  let result: Awaited<ReturnType<typeof authClient.requestPasswordReset>>;
  try {
    result = await authClient.requestPasswordReset({ email, redirectTo: RESET_PASSWORD_PATH });
  } catch (error) {
    throw asAuthRequestError(error);
  }
  if (result.error) throw toAuthRequestError(result.error);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
