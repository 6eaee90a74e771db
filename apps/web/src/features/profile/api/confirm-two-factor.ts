import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { afterSessionReplaced, twoFactorCall } from './two-factor-call';

/**
 * `POST /api/auth/two-factor/verify-totp` while signed in: the first code from the app proves it
 * holds the secret and turns two-factor sign-in on.
 */
export function confirmTwoFactor(input: { code: string }): Promise<unknown> {
  return twoFactorCall('verify-totp', input, z.unknown());
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: () => afterSessionReplaced(queryClient),
  });
}
