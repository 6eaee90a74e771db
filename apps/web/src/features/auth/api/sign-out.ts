import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { authClient } from '../../../lib/auth-client';
import { tokenManager } from '../../../lib/auth-token';
import { browser } from '../../../lib/browser';
import { realtime } from '../../../lib/realtime';
import { SESSION_QUERY_KEY } from './get-session';

/** `POST /api/auth/sign-out`. */
export async function signOut(): Promise<void> {
  const { error } = await authClient.signOut();
  if (error) throw new Error(error.message ?? `Sign-out failed with status ${error.status}`);
}

/** Signs out, clears every cached auth artefact and replaces history with /login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      tokenManager.clear();
      realtime.disconnect();
    },
    onSuccess: () => {
      queryClient.setQueryData(SESSION_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
      navigate(paths.auth.login.getHref(), { replace: true });
    },
    // Spec §8: a failed logout falls back to a hard navigation to the redirect URL.
    onError: () => browser.replace(paths.auth.login.getHref()),
  });
}
