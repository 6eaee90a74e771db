import { escapeControlCharacters } from './escape-log-text';

export const REDACTED = '[redacted]';

/**
 * Keys whose values never reach the log, at any depth of a logged object: auth headers, cookies,
 * tokens and passwords. (Verification links are logged on purpose; secrets in URLs are redact-url's.)
 */
export const SECRET_LOG_KEYS: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'secret',
]);

/** How deep a logged object is walked; deeper values are written as they are. */
const MAX_DEPTH = 4;

/**
 * A logged object with its strings escaped and its secrets censored, in one walk: pino's own
 * redaction walks every logged value again per wildcard path, on every access line. Only plain
 * objects and arrays are copied: errors,
 * requests and other instances go to their serializers untouched (those pick safe fields).
 */
export function sanitizeLoggedValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return escapeControlCharacters(value);
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => sanitizeLoggedValue(item, depth + 1));
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    out[key] =
      SECRET_LOG_KEYS.has(key) && item !== undefined
        ? REDACTED
        : sanitizeLoggedValue(item, depth + 1);
  }
  return out;
}
