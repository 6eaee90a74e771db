import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

// The scheme is case-insensitive (RFC 7235), so `bearer` and `BEARER` are as good as `Bearer`.
const BEARER = /^Bearer +([A-Za-z0-9_.-]+)$/i;

/**
 * Hook for the /api/v1 subtree: no valid JWT, no entry (401 UNAUTHORIZED). A callback hook that
 * answers a token checked moments ago at once (peek), and waits for the verifier otherwise.
 */
export function requireBearerToken(
  this: FastifyInstance,
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
) {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return done(new AppError('UNAUTHORIZED'));
  const known = this.verifyAccessToken.peek(match[1]);
  if (known) {
    request.user = known;
    return done();
  }
  this.verifyAccessToken(match[1]).then((user) => {
    request.user = user;
    done();
  }, done);
}
