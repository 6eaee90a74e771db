import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { authCall } from './auth-call';

/** `POST /api/auth/change-password`: needs the current password. */
export function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<unknown> {
  return authCall(() => authClient.changePassword(input));
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
