import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInRequest } from '@nocturne/contract/auth/sign-up';
import { authClient } from '../../../lib/auth-client';
import { tokenManager } from '../../../lib/auth-token';
import { asAuthRequestError, toAuthRequestError } from './auth-error';
import { SESSION_QUERY_KEY } from './get-session';

export interface SignInResult {
  /**
   * The account has two-factor sign-in on: the password was right but no session exists yet
   * until `verifyTwoFactor` gives a code (the server keeps the pending sign-in in a cookie).
   */
  twoFactorRequired: boolean;
}

/** `POST /api/auth/sign-in/email`. An unverified address answers 403 EMAIL_NOT_VERIFIED. */
export async function signIn(input: SignInRequest): Promise<SignInResult> {
  let result: Awaited<ReturnType<typeof authClient.signIn.email>>;
  try {
    result = await authClient.signIn.email({ email: input.email, password: input.password });
  } catch (error) {
    throw asAuthRequestError(error);
  }
  if (result.error) throw toAuthRequestError(result.error);
  const data: unknown = result.data;
  const twoFactorRequired =
    typeof data === 'object' && data !== null && 'twoFactorRedirect' in data
      ? data.twoFactorRedirect === true
      : false;
  return { twoFactorRequired };
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async ({ twoFactorRequired }) => {
      if (twoFactorRequired) return;
      tokenManager.clear();
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
