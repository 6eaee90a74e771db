/**
 * Query parameters whose values let the holder act as someone (sign-in and verification tokens,
 * OAuth codes, signed image links) or are secrets outright. Compared in lower case.
 */
const SECRET_PARAMETERS: ReadonlySet<string> = new Set([
  'token',
  'access_token',
  'accesstoken',
  'refresh_token',
  'id_token',
  'code',
  'state',
  'signature',
  'sig',
  'secret',
  'password',
  'key',
  'api_key',
  'apikey',
  'otp',
]);

/** Path segments after these are secrets (better-auth's `/reset-password/{token}`). */
const SECRET_AFTER_SEGMENT: ReadonlySet<string> = new Set(['reset-password']);

export const REDACTED = '[redacted]';

/** Whether a path may hold a SECRET_AFTER_SEGMENT segment at all (most logged paths do not). */
const MAY_HOLD_SECRET_SEGMENT = /\/reset-password\//i;

function redactPath(path: string): string {
  if (!MAY_HOLD_SECRET_SEGMENT.test(path)) return path;
  const segments = path.split('/');
  return segments
    .map((segment, index) =>
      index > 0 && SECRET_AFTER_SEGMENT.has((segments[index - 1] ?? '').toLowerCase()) && segment
        ? REDACTED
        : segment,
    )
    .join('/');
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/**
 * A URL as it may be logged: the values of secret query parameters (any letter case, encoded or
 * not, repeated) and secret path segments replaced by `[redacted]`; everything else unchanged.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = redactPath(queryStart === -1 ? url : url.slice(0, queryStart));
  if (queryStart === -1) return path;
  const hashStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, hashStart === -1 ? undefined : hashStart);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && SECRET_PARAMETERS.has(decodedName(name))
        ? `${name}=${REDACTED}`
        : pair;
    })
    .join('&');
  return `${path}?${redacted}`;
}
