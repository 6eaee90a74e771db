import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';
import type { TokenUser } from '../../modules/auth/create-token-verifier';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the bearer-token hook on every /api/v1 route. */
    user: TokenUser | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_.-]+)$/;

/** Hook for the /api/v1 subtree: no valid JWT, no entry (401 UNAUTHORIZED). */
export async function requireBearerToken(this: FastifyInstance, request: FastifyRequest) {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new AppError('UNAUTHORIZED');
  request.user = await this.verifyAccessToken(match[1]);
}

/** The authenticated caller inside a /api/v1 handler. */
export function getRequestUser(request: FastifyRequest): TokenUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}

export default fp(
  async function requestUser(app: FastifyInstance) {
    app.decorateRequest('user', null);
  },
  { name: 'request-user' },
);
