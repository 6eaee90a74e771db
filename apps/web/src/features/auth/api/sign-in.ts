import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInRequest } from '@nocturne/contract/auth/sign-up';
import { authClient } from '../../../lib/auth-client';
import { tokenManager } from '../../../lib/auth-token';
import { asAuthRequestError, toAuthRequestError } from './auth-error';
import { SESSION_QUERY_KEY } from './get-session';

/** `POST /api/auth/sign-in/email`. An unverified address answers 403 EMAIL_NOT_VERIFIED. */
export async function signIn(input: SignInRequest): Promise<void> {
  let result: Awaited<ReturnType<typeof authClient.signIn.email>>;
  try {
    result = await authClient.signIn.email({ email: input.email, password: input.password });
  } catch (error) {
    throw asAuthRequestError(error);
  }
  if (result.error) throw toAuthRequestError(result.error);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async () => {
      tokenManager.clear();
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
