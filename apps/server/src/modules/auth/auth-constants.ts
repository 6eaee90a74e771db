/** better-auth's mount point; its standard endpoints live below it (sign-up/email, token, …). */
export const AUTH_BASE_PATH = '/api/auth';

/** Access tokens for /api/v1 and realtime are short-lived; the web app refreshes them (spec §4). */
export const ACCESS_TOKEN_TTL = '15m';

/** The only algorithm the API accepts: better-auth's JWT plugin default (Ed25519). */
export const ACCESS_TOKEN_ALGORITHM = 'EdDSA';

/** The Vite dev server proxies /api to the server; its origin must be trusted in development. */
export const VITE_DEV_ORIGIN = 'http://localhost:5173';

/** Login throttles (per account and per client IP), answered with 429 RATE_LIMIT_EXCEEDED. */
export const SIGN_IN_LIMIT_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_MAX_PER_EMAIL = 10;
export const SIGN_IN_MAX_PER_IP = 30;
