import { queryOptions, useQuery } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { authCall } from './auth-call';

export interface AccountSession {
  id: string;
  userAgent: string | null;
  lastActiveAt: Date;
  isCurrent: boolean;
}

/** `GET /api/auth/list-sessions`, most recently active first, this device's session marked. */
export async function listSessions(): Promise<AccountSession[]> {
  const [sessions, current] = await Promise.all([
    authCall(() => authClient.listSessions()),
    authCall(() => authClient.getSession()),
  ]);
  return (sessions ?? [])
    .map((session) => ({
      id: session.id,
      userAgent: session.userAgent ?? null,
      lastActiveAt: new Date(session.updatedAt),
      isCurrent: session.id === current?.session.id,
    }))
    .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent) || +b.lastActiveAt - +a.lastActiveAt);
}

export const SESSIONS_QUERY_KEY = ['auth', 'sessions'] as const;

export const sessionsQueryOptions = queryOptions({
  queryKey: SESSIONS_QUERY_KEY,
  queryFn: listSessions,
});

export function useSessions() {
  return useQuery(sessionsQueryOptions);
}
