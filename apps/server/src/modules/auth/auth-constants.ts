/** better-auth's mount point; its standard endpoints live below it (sign-up/email, token, …). */
export const AUTH_BASE_PATH = '/api/auth';

/** Access tokens for /api/v1 and realtime are short-lived; the web app refreshes them (spec §4). */
export const ACCESS_TOKEN_TTL = '15m';

/** The only algorithm the API accepts: better-auth's JWT plugin default (Ed25519). */
export const ACCESS_TOKEN_ALGORITHM = 'EdDSA';

/**
 * Login throttles, answered with 429 RATE_LIMIT_EXCEEDED: per (account, client IP) — what stops a
 * guesser —, per client IP across accounts, and a wider per-account limit across addresses that
 * addresses the account signed in from recently are exempt from, so nobody can lock the owner out.
 * Their counts per window are settings: SIGN_IN_MAX_PER_ACCOUNT_AND_IP,
 * SIGN_IN_MAX_PER_IP_PER_15_MIN and SIGN_IN_MAX_PER_EMAIL (env/limit-variables.ts).
 */
export const SIGN_IN_LIMIT_WINDOW_MS = 15 * 60 * 1000;
/** How long a successful sign-in makes its address known to the account, and how many are kept. */
export const KNOWN_ADDRESS_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const KNOWN_ADDRESSES_PER_ACCOUNT = 20;

/** better-auth's sign-up limit window (create-auth.ts), and the Retry-After of its 429s. */
export const SIGN_UP_WINDOW_S = 60;
