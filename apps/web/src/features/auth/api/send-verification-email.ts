import { useMutation } from '@tanstack/react-query';
import { EMAIL_VERIFIED_CALLBACK_PATH } from '@nocturne/contract/app-routes';
import { authClient } from '../../../lib/auth-client';
import { asAuthRequestError, toAuthRequestError } from './auth-error';

/** `POST /api/auth/send-verification-email`: a new link that lands on /login?verified=1. */
export async function sendVerificationEmail(email: string): Promise<void> {
  let result: Awaited<ReturnType<typeof authClient.sendVerificationEmail>>;
  try {
    result = await authClient.sendVerificationEmail({
      email,
      callbackURL: EMAIL_VERIFIED_CALLBACK_PATH,
    });
  } catch (error) {
    throw asAuthRequestError(error);
  }
  if (result.error) throw toAuthRequestError(result.error);
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
