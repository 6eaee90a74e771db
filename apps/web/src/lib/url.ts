import { env } from '../config/env';

/**
 * Absolute URL on the API host. With the default same-origin configuration the page's own origin
 * is used, so fetch never sees a relative URL (Node's fetch in tests rejects those).
 */
export function apiUrl(path: string): string {
  // The server's render of a signed-in page (docs/decisions/034) has no page origin; nothing
  // is fetched there, but the auth client is built with a base URL when its module loads.
  const origin = env.API_URL || (typeof window === 'undefined' ? '' : window.location.origin);
  return `${origin}${path}`;
}

/** `base` with the query's defined values as parameters, in the order given. */
export function withQuery(
  base: string,
  query: Record<string, string | number | boolean | undefined> = {},
): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}
