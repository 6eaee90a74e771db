import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { giveCredits } from '../../../test/generation-worker-harness';
import { oddBody, oddHeaders, oddPathSegment, oddQuery } from '../../../test/fuzz-arbitraries';
import {
  apiRoutes,
  authRoutes,
  buildHeaders,
  expectSpecAnswer,
  nextAddress,
  RUNS_PER_ROUTE,
  SEED,
  UNLIMITED,
  type FuzzRoute,
} from '../../../test/api-fuzz-fixtures';

/**
 * Property-based fuzzing of every API and auth route (issue 13, Faults and fuzzing): arbitrary
 * bodies, queries, path parameters and headers never produce a 5xx, and every error answer is the
 * spec §8 shape `{ error, message }`.
 */
describe('fuzzing every route: no 5xx, every error in the spec shape', () => {
  let ctx: TestApp;
  let routes: { api: FuzzRoute[]; auth: FuzzRoute[] };

  beforeAll(async () => {
    ctx = await createTestApp({
      env: {
        RATE_LIMIT_PER_MINUTE: String(UNLIMITED),
        SIGN_IN_MAX_PER_ACCOUNT_AND_IP: String(UNLIMITED),
        SIGN_IN_MAX_PER_EMAIL: String(UNLIMITED),
        SIGN_IN_MAX_PER_IP_PER_15_MIN: String(UNLIMITED),
        SIGN_UP_MAX_PER_IP_PER_MINUTE: String(UNLIMITED),
        GENERATE_MAX_PER_USER_PER_MINUTE: String(UNLIMITED),
        DAILY_CLAIM_MAX_PER_USER_PER_MINUTE: String(UNLIMITED),
        IPN_MAX_PER_IP_PER_MINUTE: String(UNLIMITED),
        IMAGE_RATE_LIMIT_PER_MINUTE: String(UNLIMITED),
      },
    });
    routes = { api: apiRoutes(ctx), auth: authRoutes(ctx) };
  });
  afterAll(() => ctx.close());

  let person: { token: string; cookie: string; userId: string } | undefined;
  let people = 0;

  /**
   * The person requests act as, new when a fuzzed sign-out, revocation or account deletion ended
   * the last one's token or session (signing up costs two password hashes: not once per route).
   */
  async function livePerson() {
    if (person) {
      const [api, session] = await Promise.all([
        ctx.app.inject({
          method: 'GET',
          url: '/api/v1/profile',
          headers: { authorization: `Bearer ${person.token}` },
        }),
        ctx.app.inject({
          method: 'GET',
          url: '/api/auth/get-session',
          headers: { cookie: person.cookie },
        }),
      ]);
      if (api.statusCode === 200 && session.statusCode === 200 && session.json()) return person;
    }
    people += 1;
    person = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, `fuzz-${people}@example.com`);
    // Credits, so a well-formed submit gets through to the queue rather than stopping at 402.
    await giveCredits(ctx.database.db, person.userId, 50);
    return person;
  }

  async function fuzz(route: FuzzRoute, index: number) {
    const user = await livePerson();
    const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
    await fc.assert(
      fc.asyncProperty(
        fc.array(oddPathSegment, {
          minLength: route.pathParams.length,
          maxLength: route.pathParams.length,
        }),
        oddQuery(route.queryKeys),
        hasBody ? oddBody(route.bodyFields) : fc.constant(undefined),
        oddHeaders,
        async (params, query, body, odd) => {
          let path = route.path;
          route.pathParams.forEach((name, position) => {
            path = path.replace(`{${name}}`, params[position] ?? '');
          });
          const url = path + query;
          const response = await ctx.app.inject({
            method: route.method as 'GET',
            url,
            headers: buildHeaders(odd, user, body !== undefined),
            remoteAddress: nextAddress(),
            ...(body !== undefined ? { payload: body } : {}),
          });
          expectSpecAnswer(response, `${route.method} ${url}`);
        },
      ),
      { seed: SEED + index, numRuns: RUNS_PER_ROUTE },
    );
  }

  it('builds the route lists from the app itself (its OpenAPI document has no dangling $ref)', () => {
    const doc = ctx.app.swagger() as { components?: { schemas?: Record<string, unknown> } };
    const refs = [...JSON.stringify(doc).matchAll(/"#\/components\/schemas\/([^"]+)"/g)];
    expect(refs.length).toBeGreaterThan(0);
    for (const [, name] of refs) expect(doc.components?.schemas, name).toHaveProperty([name ?? '']);
    expect(routes.api.length).toBeGreaterThan(20);
    expect(routes.auth.length).toBeGreaterThan(25);
    expect(routes.api.map((route) => `${route.method} ${route.path}`)).toContain(
      'POST /api/v1/generate',
    );
    expect(routes.auth.map((route) => `${route.method} ${route.path}`)).toContain(
      'POST /api/auth/sign-in/email',
    );
  });

  it('/api/v1 (and the IPN endpoint)', async () => {
    for (const [index, route] of routes.api.entries()) await fuzz(route, index);
  }, 60_000);

  it('/api/auth/*', async () => {
    for (const [index, route] of routes.auth.entries()) await fuzz(route, 1000 + index);
  }, 60_000);
});
