import { API_KEY_PREFIX } from '@nocturne/contract/api-keys/api-key';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

// The scheme is case-insensitive (RFC 7235), so `bearer` and `BEARER` are as good as `Bearer`.
const BEARER = /^Bearer +([A-Za-z0-9_.-]+)$/i;

/**
 * Hook for the /api/v1 subtree: no valid JWT or personal API key, no entry (401 UNAUTHORIZED, or
 * API_KEY_INVALID for a key). A key is checked by the api-keys plugin, with the route's scope.
 */
export async function requireBearerToken(this: FastifyInstance, request: FastifyRequest) {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new AppError('UNAUTHORIZED');
  request.user = match[1].startsWith(API_KEY_PREFIX)
    ? await this.authenticateApiKey(request, match[1])
    : await this.verifyAccessToken(match[1]);
}
