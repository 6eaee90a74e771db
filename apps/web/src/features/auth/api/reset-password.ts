import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { asAuthRequestError, toAuthRequestError } from './auth-error';

/** `POST /api/auth/reset-password`: the mailed token (single use) and the new password. */
export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  let result: Awaited<ReturnType<typeof authClient.resetPassword>>;
  try {
    result = await authClient.resetPassword(input);
  } catch (error) {
    throw asAuthRequestError(error);
  }
  if (result.error) throw toAuthRequestError(result.error);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
