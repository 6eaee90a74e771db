import type { ApiKeyScope } from '@nocturne/contract/api-keys/api-key';
import type { FastifyRequest } from 'fastify';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { TokenUser } from '../auth/create-token-verifier';
import { findApiKeyHolder, LAST_USED_PRECISION_MS, touchApiKey } from './api-keys-repository';
import { hashApiKey } from './api-key-secret';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The one place a route says a personal API key may call it, and with which scope
     * (decision 086): a route without it refuses every key with 403 API_KEY_SCOPE.
     */
    apiKeyScope?: ApiKeyScope;
  }
  interface FastifyRequest {
    /** The key behind this request, when it came with one instead of a session's token. */
    apiKey: { id: string } | null;
  }
}

export type AuthenticateApiKey = (request: FastifyRequest, key: string) => Promise<TokenUser>;

/**
 * Checks an `nct_` key on an /api/v1 request and answers the person it acts for. The key is looked
 * up by its hash on every request, joined with its person's state, and nothing of the answer is
 * cached: a revoke, a suspension or a deletion in any process holds on the next request. Then the
 * route's scope, then the key's own rate limit (its person's limits count it too: they key on the
 * person). `last_used_at` is written when the stored one is a minute old.
 */
export function createApiKeyAuthenticator(options: {
  db: DbHandle;
  /** The key's own request limit; throws RATE_LIMIT_EXCEEDED. Reads `request.apiKey`. */
  limitKey: (request: FastifyRequest) => Promise<void>;
  now?: () => Date;
}): AuthenticateApiKey {
  const now = options.now ?? (() => new Date());
  return async function authenticateApiKey(request, key) {
    const holder = await findApiKeyHolder(options.db, hashApiKey(key));
    if (!holder || holder.suspended) {
      throw new AppError('API_KEY_INVALID', { details: { suspended: holder?.suspended } });
    }
    const scope = request.routeOptions.config.apiKeyScope;
    if (scope === undefined || !holder.scopes.includes(scope)) throw new AppError('API_KEY_SCOPE');
    request.apiKey = { id: holder.id };
    await options.limitKey(request);
    const at = now();
    const lastUsed = holder.lastUsedAt?.getTime() ?? 0;
    if (at.getTime() - lastUsed >= LAST_USED_PRECISION_MS)
      await touchApiKey(options.db, holder.id, at);
    return {
      id: holder.userId,
      email: holder.email,
      // Not a session: nothing keyed on sessions (sockets, sign-outs) can reach a key's request.
      sessionId: `api-key:${holder.id}`,
      // Good for this request only: the next one looks the key up again.
      expiresAt: at,
    };
  };
}
