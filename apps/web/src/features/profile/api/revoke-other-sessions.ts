import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { authCall } from './auth-call';
import { SESSIONS_QUERY_KEY } from './list-sessions';

/** `POST /api/auth/revoke-other-sessions`: every other device is signed out. */
export function revokeOtherSessions(): Promise<unknown> {
  return authCall(() => authClient.revokeOtherSessions());
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
