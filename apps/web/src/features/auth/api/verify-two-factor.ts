import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { tokenManager } from '../../../lib/auth-token';
import { asAuthRequestError, toTwoFactorRequestError } from './auth-error';
import { SESSION_QUERY_KEY } from './get-session';

export interface VerifyTwoFactorInput {
  /** `totp`: the authenticator app's code; `recovery`: one of the single-use recovery codes. */
  method: 'totp' | 'recovery';
  code: string;
  /** Skips the second step on this browser for TRUST_DEVICE_DAYS (a signed cookie). */
  trustDevice: boolean;
}

const PATHS = {
  totp: '/two-factor/verify-totp',
  recovery: '/two-factor/verify-backup-code',
} as const;

/**
 * The second step of a sign-in that answered `twoFactorRedirect`: the pending sign-in's cookie
 * and the code make the session, whose cookie then gets access tokens like any other.
 */
export async function verifyTwoFactor(input: VerifyTwoFactorInput): Promise<void> {
  let result: Awaited<ReturnType<typeof authClient.$fetch<unknown>>>;
  try {
    result = await authClient.$fetch<unknown>(PATHS[input.method], {
      method: 'POST',
      body: { code: input.code, trustDevice: input.trustDevice },
    });
  } catch (error) {
    throw asAuthRequestError(error);
  }
  if (result.error) throw toTwoFactorRequestError(result.error);
}

export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTwoFactor,
    onSuccess: async () => {
      tokenManager.clear();
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  });
}
