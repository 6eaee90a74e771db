import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { afterSessionReplaced, twoFactorCall } from './two-factor-call';

/** `POST /api/auth/two-factor/disable` with the password: sign-in asks for the password only. */
export function disableTwoFactor(input: { password: string }): Promise<unknown> {
  return twoFactorCall('disable', input, z.unknown());
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => afterSessionReplaced(queryClient),
  });
}
