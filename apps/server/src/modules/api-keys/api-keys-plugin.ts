import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiKeyScope } from '@nocturne/contract/api-keys/api-key';
import { AppError } from '../../lib/app-error';
import { createApiKeyAuthenticator, type AuthenticateApiKey } from './authenticate-api-key';

/** An /api/v1 route and the scope a key needs to call it (none: keys refused). */
export interface ApiKeyRoute {
  method: string;
  url: string;
  scope: ApiKeyScope | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Used by the /api/v1 bearer hook for an `nct_` key (modules/auth/require-bearer-token). */
    authenticateApiKey: AuthenticateApiKey;
    /** Every /api/v1 route with its key scope, as registered: what the scope test walks. */
    apiKeyRoutes: readonly ApiKeyRoute[];
  }
}

/**
 * Personal API keys on /api/v1: the authenticator the bearer hook calls for an `nct_` key, and
 * each key's own request limit (`perKeyPerMinute`, counted where every limit counts, so shared
 * across processes with Redis). A key's requests still pass the per-address limit and, keyed on
 * the person, the person's own limits.
 */
export default fp(
  async function apiKeysPlugin(app: FastifyInstance, options: { perKeyPerMinute: number }) {
    const check = app.createRateLimit({
      max: options.perKeyPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `api-key:${request.apiKey?.id ?? request.ip}`,
    });
    const limitKey = async (request: FastifyRequest) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError('RATE_LIMIT_EXCEEDED', {
          headers: { 'retry-after': String(result.ttlInSeconds) },
        });
      }
    };
    const routes: ApiKeyRoute[] = [];
    app.addHook('onRoute', (route) => {
      // The /api/v1 plugin's routes (its prefix), the ones behind the bearer hook; the IPN shares
      // the path but is registered beside it and checks its own signature.
      if (!route.prefix.startsWith('/api/v1')) return;
      const scope = route.config?.apiKeyScope;
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, scope });
      // The OpenAPI document names the key scheme on exactly the routes that accept a key.
      if (scope && route.schema) {
        route.schema = {
          ...route.schema,
          security: [...(route.schema.security ?? []), { apiKey: [] }],
        };
      }
    });
    app.decorateRequest('apiKey', null);
    app.decorate('apiKeyRoutes', routes);
    app.decorate(
      'authenticateApiKey',
      createApiKeyAuthenticator({ db: app.database.db, limitKey }),
    );
  },
  { name: 'api-keys', dependencies: ['rate-limit', 'database'] },
);
