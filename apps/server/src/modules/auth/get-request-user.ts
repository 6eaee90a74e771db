import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { TokenUser } from './create-token-verifier';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the bearer-token hook on every /api/v1 route. */
    user: TokenUser | null;
  }
}

/** The authenticated caller inside a /api/v1 handler. */
export function getRequestUser(request: FastifyRequest): TokenUser {
  if (!request.user) throw new AppError('UNAUTHORIZED');
  return request.user;
}
