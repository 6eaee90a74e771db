import { useMutation } from '@tanstack/react-query';
import { EMAIL_VERIFIED_CALLBACK_PATH } from '@nocturne/contract/app-routes';
import type { SignUpRequest } from '@nocturne/contract/auth/sign-up';
import { authClient } from '../../../lib/auth-client';
import { asAuthRequestError, toAuthRequestError } from './auth-error';

export type SignUpInput = Omit<SignUpRequest, 'callbackURL'>;

/** `POST /api/auth/sign-up/email` with the 18+ confirmation; the server then emails a link. */
export async function signUp(input: SignUpInput): Promise<void> {
  let result: Awaited<ReturnType<typeof authClient.signUp.email>>;
  try {
    result = await authClient.signUp.email({
      name: input.name,
      email: input.email,
      password: input.password,
      ageConfirmed: input.ageConfirmed,
      callbackURL: EMAIL_VERIFIED_CALLBACK_PATH,
    });
  } catch (error) {
    throw asAuthRequestError(error);
  }
  if (result.error) throw toAuthRequestError(result.error);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
