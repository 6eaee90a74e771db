import { queryOptions, useQuery } from '@tanstack/react-query';
import { authClient, type AuthSession } from '../../../lib/auth-client';

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** `GET /api/auth/get-session`: the signed-in user and session, or null when signed out. */
export async function getSession(): Promise<AuthSession | null> {
  const { data, error } = await authClient.getSession();
  if (error) {
    if (error.status === 401) return null;
    throw new Error(error.message ?? `Session request failed with status ${error.status}`);
  }
  return data ?? null;
}

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: getSession,
  staleTime: 60_000,
  refetchOnWindowFocus: true,
});

export function useSession() {
  const query = useQuery(sessionQueryOptions);
  return {
    session: query.data ?? null,
    user: query.data?.user ?? null,
    /** True until the first answer (or failure) arrives: spec §2's "auth has loaded". */
    isLoading: query.isPending,
    isSignedIn: Boolean(query.data?.user),
  };
}
