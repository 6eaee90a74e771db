import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { giveCredits } from '../../../test/generation-worker-harness';
import {
  oddBody,
  oddHeaders,
  oddPathSegment,
  oddQuery,
  type JsonSchemaLike,
  type OddHeaders,
} from '../../../test/fuzz-arbitraries';

/** Fixed, so a failure is the same failure on every machine (fast-check prints the path). */
const SEED = 13;
/** Per route; keeps the whole file well under a minute on a shared 2-core runner. */
const RUNS_PER_ROUTE = 40;
const UNLIMITED = 1_000_000;

interface FuzzRoute {
  method: string;
  /** With `{name}` placeholders for path parameters. */
  path: string;
  pathParams: string[];
  queryKeys: string[];
  bodyFields: Record<string, JsonSchemaLike | undefined>;
}

/** Fields better-auth's endpoints read; any subset, with any values, in any body. */
const AUTH_STRING_FIELDS = [
  'email',
  'password',
  'name',
  'token',
  'newPassword',
  'currentPassword',
  'callbackURL',
  'redirectTo',
  'newEmail',
  'image',
  'provider',
  'providerId',
  'accountId',
  'idToken',
  'refreshToken',
];
const AUTH_BODY_FIELDS: Record<string, JsonSchemaLike> = {
  ...Object.fromEntries(AUTH_STRING_FIELDS.map((name) => [name, { type: 'string' }])),
  ageConfirmed: { type: 'boolean' },
  email: { enum: ['fuzz@example.com', 'FUZZ@EXAMPLE.COM ', 'not-an-email', '@', 'a@b'] },
  password: { enum: ['correct horse battery', 'password', 'short', 'x'.repeat(300)] },
  callbackURL: { enum: ['/', '/dashboard', 'https://evil.example/x', 'javascript:alert(1)'] },
  redirectTo: { enum: ['/', '/reset', 'https://evil.example/x', '//evil.example'] },
  revokeOtherSessions: { type: 'boolean' },
  rememberMe: { type: 'boolean' },
};
const AUTH_QUERY_KEYS = ['token', 'callbackURL', 'error', 'disableRefresh', 'disableCookieCache'];

type BodySchema = { properties?: Record<string, JsonSchemaLike>; $ref?: string };
type OpenApiOperation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: BodySchema }> };
};

/** Every operation of the OpenAPI document the server builds from its routes (/api/v1, IPN). */
function apiRoutes(ctx: TestApp): FuzzRoute[] {
  const doc = ctx.app.swagger() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
    components?: { schemas?: Record<string, BodySchema> };
  };
  const resolve = (schema: (BodySchema & { $ref?: string }) | undefined) =>
    schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''] : schema;
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const schema = resolve(operation.requestBody?.content?.['application/json']?.schema);
      return {
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryKeys: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: schema?.properties ?? {},
      };
    }),
  );
}

/** Every endpoint better-auth serves under /api/auth (it keeps them out of our OpenAPI document). */
function authRoutes(ctx: TestApp): FuzzRoute[] {
  const endpoints = Object.values(ctx.app.auth.api as Record<string, unknown>) as {
    path?: string;
    options?: { method?: string | string[] };
  }[];
  return endpoints.flatMap((endpoint) => {
    if (!endpoint.path) return [];
    const methods = [endpoint.options?.method ?? 'GET'].flat().filter((m) => m !== '*');
    const path = `/api/auth${endpoint.path.replace(/:(\w+)/g, '{$1}')}`;
    const pathParams = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
    return methods.map((method) => ({
      method,
      path,
      pathParams,
      queryKeys: AUTH_QUERY_KEYS,
      bodyFields: AUTH_BODY_FIELDS,
    }));
  });
}

let requestCount = 0;
/** A new client address per request: the per-address limits would otherwise answer 429 to all. */
function nextAddress() {
  requestCount += 1;
  return `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`;
}

function buildHeaders(odd: OddHeaders, user: { token: string; cookie: string }, hasBody: boolean) {
  const headers: Record<string, string> = { ...odd.extra };
  if (hasBody) headers['content-type'] = odd.contentType;
  const authorization = {
    valid: `Bearer ${user.token}`,
    'valid-lowercase': `bearer ${user.token}`,
    garbage: 'Bearer not.a.token',
    basic: 'Basic Zm9vOmJhcg==',
    empty: '',
    none: undefined,
  }[odd.authorization];
  if (authorization !== undefined) headers.authorization = authorization;
  if (odd.cookie === 'valid') headers.cookie = user.cookie;
  if (odd.cookie === 'garbage') headers.cookie = 'better-auth.session_token=garbage; a=%ZZ';
  const origin = {
    own: TEST_PUBLIC_URL,
    foreign: 'https://evil.example',
    null: 'null',
    none: undefined,
  }[odd.origin];
  if (origin !== undefined) headers.origin = origin;
  headers.host = new URL(TEST_PUBLIC_URL).host;
  return headers;
}

function expectSpecAnswer(response: LightMyRequestResponse, what: string) {
  expect(
    response.statusCode,
    `${what} → ${response.statusCode} ${response.body.slice(0, 300)}`,
  ).toBeLessThan(500);
  if (response.statusCode < 400) return;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    body = response.body;
  }
  expect(body, `${what}: error body`).toMatchObject({
    error: expect.any(String),
    message: expect.any(String),
  });
}

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
      rateLimits: {
        globalPerMinute: UNLIMITED,
        signInPerAccountAndIp: UNLIMITED,
        signInPerEmail: UNLIMITED,
        signInPerIp: UNLIMITED,
        signUpPerIp: UNLIMITED,
        generatePerPerson: UNLIMITED,
        dailyClaimPerPerson: UNLIMITED,
        ipnPerIp: UNLIMITED,
        imagesPerMinute: UNLIMITED,
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
