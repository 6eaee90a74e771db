import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

// The scheme is case-insensitive (RFC 7235), so `bearer` and `BEARER` are as good as `Bearer`.
const BEARER = /^Bearer +([A-Za-z0-9_.-]+)$/i;

/** Hook for the /api/v1 subtree: no valid JWT, no entry (401 UNAUTHORIZED). */
export async function requireBearerToken(this: FastifyInstance, request: FastifyRequest) {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new AppError('UNAUTHORIZED');
  request.user = await this.verifyAccessToken(match[1]);
}
