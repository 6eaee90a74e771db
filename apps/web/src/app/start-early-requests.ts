import { API_BASE_PATH, PAGE_SIZE } from '@nocturne/contract/constants';
import { paths } from '../config/paths';
import {
  DEFAULT_GALLERY_FILTERS,
  toFavoritesQuery,
} from '../features/gallery/utils/gallery-filters';
import { fetchEarly } from '../lib/early-requests';
import { apiUrl, withQuery } from '../lib/url';

export const SIGNED_IN_PATHS: readonly string[] = Object.values(paths.app).map(
  (route) => route.path,
);

/**
 * What `prefetchDashboard` asks for, and the shell's credit state, as the API client will send
 * them (same URLs, same headers), so that its calls take these answers over instead of sending
 * their own. The shell asks for the credits once the session is known, a round trip later.
 */
function dashboardRequests(): string[] {
  const favorites = { ...toFavoritesQuery(DEFAULT_GALLERY_FILTERS), limit: PAGE_SIZE, offset: 0 };
  return [
    withQuery(apiUrl(`${API_BASE_PATH}/favorites`), favorites),
    apiUrl(`${API_BASE_PATH}/image-engine`),
    apiUrl(`${API_BASE_PATH}/user/preferences`),
    apiUrl(`${API_BASE_PATH}/subscriptions/active`),
    apiUrl(`${API_BASE_PATH}/credits`),
  ];
}

async function readToken(answer: Promise<Response>): Promise<string | null> {
  try {
    const response = await answer;
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const token = (body as { token?: unknown } | null)?.token;
    return typeof token === 'string' ? token : null;
  } catch {
    return null;
  }
}

/**
 * Run by the entry before anything else loads: the session on every page; the API token on the
 * signed-in pages only (a signed-out visitor would get a 401 line in the console); on
 * `/dashboard`, its first data as soon as the token is there. The app validates every answer when
 * it takes it over; this only reads the token to send the next requests with it.
 */
export function startEarlyRequests(pathname: string) {
  void fetchEarly(apiUrl('/api/auth/get-session'));
  if (!SIGNED_IN_PATHS.includes(pathname)) return;
  const token = fetchEarly(apiUrl('/api/auth/token'));
  if (pathname !== paths.app.dashboard.path) return;
  void readToken(token).then((value) => {
    // Signed out: the protected route sends the visitor to /login; nothing to load.
    if (!value) return;
    const headers = { Accept: 'application/json', Authorization: `Bearer ${value}` };
    for (const url of dashboardRequests()) void fetchEarly(url, { headers });
  });
}
