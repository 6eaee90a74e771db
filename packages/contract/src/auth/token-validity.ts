import { TOKEN_EXPIRY_MARGIN_MS } from '../constants';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return atob(padded);
}

/** Reads the `exp` claim (seconds) without verifying the signature; undefined when undecodable. */
export function readTokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (typeof claims !== 'object' || claims === null) return undefined;
    const exp = (claims as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

/** Spec §5: a token is valid only if its expiry is more than 30 s away; decode failure is invalid. */
export function isTokenFresh(token: string, nowMs: number = Date.now()): boolean {
  const exp = readTokenExpiry(token);
  if (exp === undefined) return false;
  return exp * 1000 - nowMs > TOKEN_EXPIRY_MARGIN_MS;
}
