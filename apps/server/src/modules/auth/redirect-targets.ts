import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';

/**
 * Every field through which better-auth takes a place to send the browser afterwards (sign-up,
 * sign-in, verify-email, reset-password, change-email, delete-user), with the error code
 * better-auth itself answers an untrusted one with.
 */
const REDIRECT_FIELDS = {
  callbackURL: 'INVALID_CALLBACK_URL',
  redirectTo: 'INVALID_REDIRECT_URL',
  errorCallbackURL: 'INVALID_ERROR_CALLBACK_URL',
  newUserCallbackURL: 'INVALID_NEW_USER_CALLBACK_URL',
} as const;

/** Parses relative targets against this; a target that escapes it is not a same-origin path. */
const PATH_BASE = 'http://same-origin.invalid';

/**
 * Whether the browser may be sent to `target`: a path on whatever origin the link was opened at,
 * or an absolute URL on one of the configured origins. Unlike better-auth's own check, the origin
 * a request claims to have been sent to (its Host) does not count: a client can forge it.
 */
export function isAllowedRedirect(target: string, origins: readonly string[]): boolean {
  if (target.startsWith('/')) {
    // `//host`, `/\host` and tab or newline tricks all parse to another origin.
    return new URL(target, PATH_BASE).origin === PATH_BASE;
  }
  if (!URL.canParse(target)) return false;
  return origins.includes(new URL(target).origin);
}

function checkFields(source: unknown, origins: readonly string[]) {
  if (typeof source !== 'object' || source === null) return;
  const fields = source as Record<string, unknown>;
  for (const [field, code] of Object.entries(REDIRECT_FIELDS)) {
    const target = fields[field];
    if (target === undefined || target === '') continue;
    if (typeof target !== 'string' || !isAllowedRedirect(target, origins)) {
      throw new APIError('FORBIDDEN', { code, message: `Invalid ${field}` });
    }
  }
}

/**
 * Refuses, before any endpoint runs, a redirect or callback URL (in the body or the query) that
 * leads off the configured origins: 403, answered by the Fastify bridge as ORIGIN_NOT_ALLOWED.
 */
export function redirectTargets(origins: readonly string[]): BetterAuthPlugin {
  return {
    id: 'nocturne-redirect-targets',
    hooks: {
      before: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            checkFields(ctx.body, origins);
            checkFields(ctx.query, origins);
          }),
        },
      ],
    },
  };
}
