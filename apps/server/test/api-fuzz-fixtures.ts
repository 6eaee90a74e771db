import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { TEST_PUBLIC_URL, type TestApp } from './create-test-app';
import type { JsonSchemaLike, OddHeaders } from './fuzz-arbitraries';

/** Fixed, so a failure is the same failure on every machine (fast-check prints the path). */
export const SEED = 13;
/** Per route; keeps the whole file well under a minute on a shared 2-core runner. */
export const RUNS_PER_ROUTE = 40;
export const UNLIMITED = 1_000_000;

export interface FuzzRoute {
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
export function apiRoutes(ctx: TestApp): FuzzRoute[] {
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
export function authRoutes(ctx: TestApp): FuzzRoute[] {
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
export function nextAddress() {
  requestCount += 1;
  return `10.${(requestCount >> 16) & 255}.${(requestCount >> 8) & 255}.${requestCount & 255}`;
}

export function buildHeaders(
  odd: OddHeaders,
  user: { token: string; cookie: string },
  hasBody: boolean,
) {
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

export function expectSpecAnswer(response: LightMyRequestResponse, what: string) {
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
