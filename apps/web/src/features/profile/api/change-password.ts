import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { authCall } from './auth-call';

/**
 * `POST /api/auth/change-password`: needs the current password. `revokeOtherSessions` (default on
 * the server) ends the person's sessions on other devices; this one stays signed in.
 */
export function changePassword(input: {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}): Promise<unknown> {
  return authCall(() => authClient.changePassword(input));
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
