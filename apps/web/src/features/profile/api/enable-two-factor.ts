import { useMutation } from '@tanstack/react-query';
import {
  enableTwoFactorResponseSchema,
  type EnableTwoFactorResponse,
} from '@nocturne/contract/auth/two-factor';
import { twoFactorCall } from './two-factor-call';

/**
 * `POST /api/auth/two-factor/enable` with the password: a new secret (as an `otpauth://` URI) and
 * ten recovery codes. Nothing changes for sign-in until a code confirms it (confirm-two-factor).
 */
export function enableTwoFactor(input: { password: string }): Promise<EnableTwoFactorResponse> {
  return twoFactorCall('enable', input, enableTwoFactorResponseSchema);
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
