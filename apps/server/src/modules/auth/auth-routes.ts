import { ERROR_CATALOGUE, type ErrorCode } from '@nocturne/contract/errors/error-codes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import type { KnownAddresses } from '../../lib/known-addresses';
import { SIGN_IN_LIMIT_WINDOW_MS, SIGN_UP_WINDOW_S } from './auth-constants';
import type { Auth } from './create-auth';
import { toWebRequest } from './to-web-request';

export interface AuthRoutesOptions {
  auth: Auth;
  signInLimiters: {
    perAccountAndIp: AttemptLimiter;
    perEmail: AttemptLimiter;
    perIp: AttemptLimiter;
    knownAddresses: KnownAddresses;
  };
}

function signInEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
}

async function isKnownOrWithinAccountLimit(
  limiters: AuthRoutesOptions['signInLimiters'],
  email: string,
  ip: string,
) {
  return (await limiters.knownAddresses.isKnown(email, ip)) || limiters.perEmail.tryAttempt(email);
}

/** The three sign-in limits (auth-constants.ts); throws 429 with Retry-After past any of them. */
async function enforceSignInLimits(
  request: FastifyRequest,
  limiters: AuthRoutesOptions['signInLimiters'],
) {
  const email = signInEmail(request);
  const ip = request.ip;
  // Every counter advances on every attempt, so a refused address cannot probe other accounts.
  const [ipAllowed, pairAllowed, accountAllowed] = await Promise.all([
    limiters.perIp.tryAttempt(ip),
    email === '' || limiters.perAccountAndIp.tryAttempt(`${email}\n${ip}`),
    email === '' || isKnownOrWithinAccountLimit(limiters, email, ip),
  ]);
  if (!ipAllowed || !pairAllowed || !accountAllowed) {
    request.log.warn(
      { ip, byPair: !pairAllowed, byAccount: !accountAllowed },
      'sign-in rate limit reached',
    );
    throw new AppError('RATE_LIMIT_EXCEEDED', {
      headers: { 'retry-after': String(SIGN_IN_LIMIT_WINDOW_MS / 1000) },
    });
  }
}

const SIGN_IN_PATH = '/api/auth/sign-in/email';

/** Whether the URL parser leaves `path` as it is (no dot segments, encoded or not). */
function isCanonicalPath(path: string): boolean {
  return new URL(path, 'http://canonical.invalid').pathname === path;
}

/**
 * better-auth's refusals of a request from a foreign page ("Invalid origin"), and of a redirect or
 * callback URL leading off the configured origins (redirect-targets.ts).
 */
const ORIGIN_REFUSALS = new Set([
  'INVALID_ORIGIN',
  'MISSING_OR_NULL_ORIGIN',
  'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
  'INVALID_CALLBACK_URL',
  'INVALID_REDIRECT_URL',
  'INVALID_ERROR_CALLBACK_URL',
  'INVALID_NEW_USER_CALLBACK_URL',
]);

async function isOriginRefusal(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'string' && ORIGIN_REFUSALS.has(code);
}

/** better-auth's statuses in the catalogue's terms (spec §8); its own `code` stays beside them. */
function errorCodeFor(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'ALREADY_EXISTS';
  if (status >= 500) return 'INTERNAL_ERROR';
  return 'VALIDATION_ERROR';
}

/**
 * better-auth answers errors as `{ code, message }` or with no body at all; every error leaves in
 * the product's `{ error, message }` shape, keeping better-auth's `code` (its client reads it).
 */
async function toProductError(response: Response) {
  const body: unknown = await response.json().catch(() => null);
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  const error = errorCodeFor(response.status);
  return {
    error,
    message:
      typeof message === 'string' && message !== '' ? message : ERROR_CATALOGUE[error].message,
    ...(typeof code === 'string' ? { code } : {}),
  };
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  if (await isOriginRefusal(response)) throw new AppError('ORIGIN_NOT_ALLOWED');
  // Sessions, tokens and account data: nothing here may be kept by a shared or back cache.
  reply.header('cache-control', 'no-store');
  if (response.status === 429) {
    // better-auth's own limiter: answer in the product's error shape like every other 429.
    return reply
      .status(429)
      .header('retry-after', response.headers.get('x-retry-after') ?? String(SIGN_UP_WINDOW_S))
      .send({
        error: 'RATE_LIMIT_EXCEEDED',
        message: ERROR_CATALOGUE.RATE_LIMIT_EXCEEDED.message,
      });
  }
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length' && key !== 'cache-control') {
      reply.header(key, value);
    }
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (response.status >= 400) {
    reply.header('content-type', 'application/json; charset=utf-8');
    return reply.send(await toProductError(response));
  }
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

/**
 * Mounts better-auth at /api/auth/* inside Fastify, so auth shares the server's logging, CORS,
 * helmet and global rate limit. better-auth owns the schema of its own endpoints (it validates
 * them itself); the route is therefore hidden from our OpenAPI document.
 */
export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const path = request.url.split('?')[0] ?? '';
      // better-auth resolves dot segments (`/./`, `/x/../`, `%2e`) before routing, so a limit on
      // the raw path could be walked around; browsers never send them, so they are refused here.
      if (!isCanonicalPath(path)) throw new AppError('NOT_FOUND');
      const isSignIn = request.method === 'POST' && path.toLowerCase() === SIGN_IN_PATH;
      if (isSignIn) await enforceSignInLimits(request, options.signInLimiters);
      const webRequest = toWebRequest(request);
      const response = await options.auth.handler(webRequest);
      if (isSignIn && response.ok) {
        await options.signInLimiters.knownAddresses.remember(signInEmail(request), request.ip);
      }
      return sendWebResponse(reply, response);
    },
  });
}
