import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';

/**
 * The routes a key may call, with their scope. Every other /api/v1 route refuses keys: a route
 * added later refuses them until its own `config.apiKeyScope` says otherwise.
 */
const KEY_ROUTES = {
  'POST /api/v1/generate': 'generations',
  'GET /api/v1/generations': 'generations',
  'GET /api/v1/generations/:id': 'generations',
  'POST /api/v1/generations/:id/retry': 'generations',
  'POST /api/v1/generations/:id/cancel': 'generations',
  'POST /api/v1/generations/:id/variations': 'generations',
  'POST /api/v1/generations/:id/upscale': 'generations',
  'POST /api/v1/generations/:id/inpaint': 'generations',
  'GET /api/v1/models': 'generations',
  'GET /api/v1/credits': 'generations',
  'POST /api/v1/generations/:id/favorite': 'favorites',
  'DELETE /api/v1/generations/:id/favorite': 'favorites',
  'GET /api/v1/favorites': 'favorites',
  // The webhooks module's choice: a script that generates may ask to be told when it is done.
  'GET /api/v1/webhooks': 'generations',
  'POST /api/v1/webhooks': 'generations',
  'DELETE /api/v1/webhooks/:id': 'generations',
  'GET /api/v1/webhooks/:id/deliveries': 'generations',
} as const;

const SOME_ID = '00000000-0000-4000-8000-000000000000';

describe('which routes accept a personal API key', () => {
  let ctx: TestApp;
  let fullKey: string;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '10000' } });
    const person = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'walker@example.com');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { authorization: `Bearer ${person.token}` },
      payload: { name: 'every scope', scopes: ['favorites'] },
    });
    fullKey = created.json().key;
  });
  afterAll(() => ctx.close());

  const declared = () =>
    Object.fromEntries(
      ctx.app.apiKeyRoutes
        .filter((route) => route.method !== 'HEAD' && route.scope !== undefined)
        .map((route) => [`${route.method} ${route.url}`, route.scope]),
    );

  it('declares a scope on the listed routes only', () => {
    expect(declared()).toEqual(KEY_ROUTES);
  });

  it('names the apiKey scheme in the OpenAPI document on exactly those routes', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      components: { securitySchemes: Record<string, Record<string, string>> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    };
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'nct_…',
    });
    const withKey = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.security?.some((scheme) => 'apiKey' in scheme))
        .map(([method, operation]) => ({
          route: `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
          alsoBearer: operation.security?.some((scheme) => 'bearer' in scheme),
        })),
    );
    expect(withKey.map((entry) => entry.route).sort()).toEqual(Object.keys(KEY_ROUTES).sort());
    expect(withKey.every((entry) => entry.alsoBearer)).toBe(true);
  });

  it('refuses a key holding every scope on every other route, and lets it through the listed', async () => {
    const routes = ctx.app.apiKeyRoutes.filter((route) => route.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:\w+/g, SOME_ID),
        headers: { authorization: `Bearer ${fullKey}` },
      });
      const refused = response.statusCode === 403 && response.json().error === 'API_KEY_SCOPE';
      expect({ route: `${route.method} ${route.url}`, refused }).toEqual({
        route: `${route.method} ${route.url}`,
        refused: route.scope === undefined,
      });
      if (refused) expect(response.json().message).toBe(PRODUCT_ERRORS.API_KEY_SCOPE.message);
    }
  });
});
