import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { AttemptLimiter } from '../../lib/attempt-limiter';
import type { Auth } from './create-auth';
import { toWebRequest } from './to-web-request';

export interface AuthRoutesOptions {
  auth: Auth;
  signInLimiters: { perEmail: AttemptLimiter; perIp: AttemptLimiter };
}

function enforceSignInLimits(
  request: FastifyRequest,
  limiters: AuthRoutesOptions['signInLimiters'],
) {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  // Both counters advance on every attempt so a refused IP cannot probe other accounts freely.
  const ipAllowed = limiters.perIp.tryAttempt(request.ip);
  const emailAllowed = email === '' || limiters.perEmail.tryAttempt(email);
  if (!ipAllowed || !emailAllowed) {
    request.log.warn({ ip: request.ip, byEmail: !emailAllowed }, 'sign-in rate limit reached');
    throw new AppError('RATE_LIMIT_EXCEEDED');
  }
}

/** better-auth's refusals of a request from a foreign page; it answers them as "Invalid origin". */
const ORIGIN_REFUSALS = new Set([
  'INVALID_ORIGIN',
  'MISSING_OR_NULL_ORIGIN',
  'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
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

async function sendWebResponse(reply: FastifyReply, response: Response) {
  if (await isOriginRefusal(response)) throw new AppError('ORIGIN_NOT_ALLOWED');
  if (response.status === 429) {
    // better-auth's own limiter: answer in the product's error shape like every other 429.
    return reply.status(429).send({
      error: 'RATE_LIMIT_EXCEEDED',
      message: ERROR_CATALOGUE.RATE_LIMIT_EXCEEDED.message,
    });
  }
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
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
      if (request.method === 'POST' && request.url.split('?')[0] === '/api/auth/sign-in/email') {
        enforceSignInLimits(request, options.signInLimiters);
      }
      const response = await options.auth.handler(toWebRequest(request));
      return sendWebResponse(reply, response);
    },
  });
}
