import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths';
import { sessionQueryOptions } from '../features/auth/api/get-session';
import { tokenManager } from '../lib/auth-token';
import { SIGNED_IN_PATHS } from './start-early-requests';

/**
 * Asks for what the first page waits for as soon as the app runs, instead of once the protected
 * route renders, where they would be the tail of a waterfall. The entry has usually sent these
 * requests already (start-early-requests.ts): the clients then take its answers over.
 * Every page reads the session; the API token only matters on the signed-in pages, and asking
 * for it elsewhere would answer 401 to every signed-out visitor.
 */
export function startFirstRequests(queryClient: QueryClient, pathname: string) {
  void queryClient.prefetchQuery(sessionQueryOptions);
  if (!SIGNED_IN_PATHS.includes(pathname)) return;
  // The token manager keeps it (or shares the request still in flight) for the first API calls.
  const token = tokenManager.getToken();
  token.catch(() => {});
  if (pathname !== paths.app.dashboard.path) return;
  // A chunk of its own, loaded beside the token: the entry stays free of zod and the feature
  // APIs (decision 014). Signed out (no token), the page's data is not asked for, nor the token
  // again by its first call.
  void Promise.all([token, import('./routes/app/prefetch-dashboard')]).then(
    ([value, { prefetchDashboard }]) => {
      if (value) prefetchDashboard(queryClient);
    },
    () => {},
  );
}
