import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { server } from '../testing/msw-server';
import { ApiError, createApiClient, type ApiClientDeps } from './api-client';
import { retryDelayMs } from './retry-delay';

const BASE = 'http://localhost:3000/api/v1';
/** For tests about transport, not answers. */
const anything = z.unknown();

function setup(overrides: Partial<ApiClientDeps> = {}) {
  let clock = 1_000_000;
  const deps = {
    baseUrl: () => BASE,
    getToken: vi.fn(async () => 'token-1' as string | null),
    onAuthFailure: vi.fn(async () => {}),
    now: () => clock,
    random: () => 0.5,
    logger: { error: vi.fn(), warn: vi.fn() },
    ...overrides,
  };
  return {
    deps,
    client: createApiClient(deps),
    advanceClock: (ms: number) => {
      clock += ms;
    },
  };
}

/** Serves `responses` in order (the last one repeats) and records each request. */
function serve(
  method: 'get' | 'post',
  path: string,
  responses: Array<() => Response | Promise<Response>>,
) {
  const requests: Request[] = [];
  server.use(
    http[method](`${BASE}${path}`, ({ request }) => {
      requests.push(request.clone());
      const next = responses[Math.min(requests.length - 1, responses.length - 1)];
      return (next as () => Response)();
    }),
  );
  return requests;
}

const json =
  (body: JsonBodyType, status = 200) =>
  () =>
    HttpResponse.json(body, { status });

async function captureError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('Expected the request to fail');
}

describe('api client: success path', () => {
  it('sends the body its schema builds, with the bearer token, and returns the parsed answer', async () => {
    const { client } = setup();
    const requests = serve('post', '/things', [json({ ok: true, extra: 'dropped' })]);
    const bodySchema = z.object({ name: z.string().trim().min(1), kind: z.string().default('a') });
    const answer = await client.request({
      method: 'POST',
      path: '/things',
      body: { schema: bodySchema, value: { name: '  x  ' } },
      schema: z.object({ ok: z.boolean() }),
    });
    expect(answer).toEqual({ ok: true });
    const [request] = requests;
    expect(request?.headers.get('authorization')).toBe('Bearer token-1');
    expect(request?.headers.get('content-type')).toBe('application/json');
    await expect(request?.json()).resolves.toEqual({ name: 'x', kind: 'a' });
  });

  it('refuses a body its schema rejects: VALIDATION_ERROR, nothing sent, issues logged', async () => {
    const { client, deps } = setup();
    const requests = serve('post', '/things', [json({ ok: true })]);
    const error = await captureError(
      client.request({
        method: 'POST',
        path: '/things',
        body: { schema: z.object({ name: z.string().trim().min(1) }), value: { name: '   ' } },
        schema: anything,
      }),
    );
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: ERROR_CATALOGUE.VALIDATION_ERROR.message,
      retryable: false,
    });
    expect(error.issues[0]?.path).toEqual(['name']);
    expect(requests).toHaveLength(0);
    expect(deps.logger.error).toHaveBeenCalledWith(
      '[api] Request failed',
      expect.objectContaining({ context: 'POST /things', issues: error.issues }),
    );
  });

  it('supports every verb and query parameters', async () => {
    const { client } = setup();
    const seen: string[] = [];
    server.use(
      http.all(`${BASE}/verbs`, ({ request }) => {
        seen.push(`${request.method} ${new URL(request.url).search}`);
        return HttpResponse.json({});
      }),
    );
    await client.request({
      path: '/verbs',
      query: { limit: 20, offset: undefined, q: 'a b' },
      schema: anything,
    });
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      await client.request({ method, path: '/verbs', schema: anything });
    }
    expect(seen).toEqual(['GET ?limit=20&q=a+b', 'POST ', 'PUT ', 'PATCH ', 'DELETE ']);
  });

  it('warns but still sends the request when no token exists', async () => {
    const { client, deps } = setup({ getToken: vi.fn(async () => null) });
    const requests = serve('get', '/open', [json({ fine: 1 })]);
    await expect(client.request({ path: '/open', schema: anything })).resolves.toEqual({
      fine: 1,
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    expect(deps.logger.warn).toHaveBeenCalledTimes(1);
  });

  it('an empty 204 body parses as undefined', async () => {
    const { client } = setup();
    serve('post', '/empty', [() => new HttpResponse(null, { status: 204 })]);
    await expect(
      client.request({ method: 'POST', path: '/empty', schema: z.undefined() }),
    ).resolves.toBeUndefined();
  });
});

describe('api client: error mapping (spec §8)', () => {
  const cases: Array<{
    name: string;
    status: number;
    body: JsonBodyType | null;
    expected: Pick<ApiError, 'code' | 'message' | 'status' | 'retryable'>;
  }> = [
    {
      name: 'known code in body uses the catalogue message',
      status: 402,
      body: { error: 'INSUFFICIENT_CREDITS', message: 'server words' },
      expected: {
        code: 'INSUFFICIENT_CREDITS',
        message: ERROR_CATALOGUE.INSUFFICIENT_CREDITS.message,
        status: 402,
        retryable: false,
      },
    },
    {
      name: 'unknown code in body keeps the server message',
      status: 400,
      body: { error: 'SOMETHING_NEW', message: 'Server explains' },
      expected: {
        code: 'SOMETHING_NEW',
        message: 'Server explains',
        status: 400,
        retryable: false,
      },
    },
    {
      name: 'body on 409 ALREADY_EXISTS',
      status: 409,
      body: { error: 'ALREADY_EXISTS', message: 'dup' },
      expected: {
        code: 'ALREADY_EXISTS',
        message: ERROR_CATALOGUE.ALREADY_EXISTS.message,
        status: 409,
        retryable: false,
      },
    },
    {
      name: 'bare 402',
      status: 402,
      body: null,
      expected: {
        code: 'INSUFFICIENT_CREDITS',
        message: ERROR_CATALOGUE.INSUFFICIENT_CREDITS.message,
        status: 402,
        retryable: false,
      },
    },
    {
      name: 'bare 404',
      status: 404,
      body: null,
      expected: {
        code: 'NOT_FOUND',
        message: ERROR_CATALOGUE.NOT_FOUND.message,
        status: 404,
        retryable: false,
      },
    },
    {
      name: 'bare 422',
      status: 422,
      body: null,
      expected: {
        code: 'VALIDATION_ERROR',
        message: ERROR_CATALOGUE.VALIDATION_ERROR.message,
        status: 422,
        retryable: false,
      },
    },
    {
      name: 'bare 408 is a non-retryable INTERNAL_ERROR (only 5xx retry without a body)',
      status: 408,
      body: null,
      expected: {
        code: 'INTERNAL_ERROR',
        message: ERROR_CATALOGUE.INTERNAL_ERROR.message,
        status: 408,
        retryable: false,
      },
    },
    {
      name: 'bare 400 is a non-retryable INTERNAL_ERROR',
      status: 400,
      body: null,
      expected: {
        code: 'INTERNAL_ERROR',
        message: ERROR_CATALOGUE.INTERNAL_ERROR.message,
        status: 400,
        retryable: false,
      },
    },
  ];

  it.each(cases)('$name', async ({ status, body, expected }) => {
    const { client, deps } = setup();
    serve('get', '/fail', [
      () =>
        body === null ? new HttpResponse('oops', { status }) : HttpResponse.json(body, { status }),
    ]);
    const error = await captureError(client.request({ path: '/fail', schema: anything }));
    expect({
      code: error.code,
      message: error.message,
      status: error.status,
      retryable: error.retryable,
    }).toEqual(expected);
    expect(deps.logger.error).toHaveBeenCalledWith(
      '[api] Request failed',
      expect.objectContaining({
        context: 'GET /fail',
        code: expected.code,
        status: expected.status,
        time: expect.any(String),
      }),
    );
  });

  it.each([
    {
      status: 429,
      body: null,
      code: 'INTERNAL_ERROR',
      message: 'Too many requests. Please try again later.',
    },
    {
      status: 429,
      body: { error: 'RATE_LIMIT_EXCEEDED', message: 'x' },
      code: 'RATE_LIMIT_EXCEEDED',
      message: ERROR_CATALOGUE.RATE_LIMIT_EXCEEDED.message,
    },
    {
      status: 408,
      body: { error: 'REQUEST_TIMEOUT', message: 'Took too long' },
      code: 'REQUEST_TIMEOUT',
      message: 'Took too long',
    },
    {
      status: 503,
      body: null,
      code: 'INTERNAL_ERROR',
      message: ERROR_CATALOGUE.INTERNAL_ERROR.message,
    },
    {
      status: 500,
      body: { error: 'INTERNAL_ERROR', message: 'secret' },
      code: 'INTERNAL_ERROR',
      message: ERROR_CATALOGUE.INTERNAL_ERROR.message,
    },
  ])('$status $code is retryable (retry off, so sent once)', async (item) => {
    const { client } = setup();
    const requests = serve('get', '/retryable', [
      () =>
        item.body === null
          ? new HttpResponse(null, { status: item.status })
          : HttpResponse.json(item.body, { status: item.status }),
    ]);
    const error = await captureError(
      client.request({ path: '/retryable', retry: false, schema: anything }),
    );
    expect(error).toMatchObject({
      code: item.code,
      message: item.message,
      status: item.status,
      retryable: true,
    });
    expect(requests).toHaveLength(1);
  });

  it('no response at all is a retryable NETWORK_ERROR with status 0', async () => {
    const { client } = setup();
    serve('get', '/down', [() => HttpResponse.error()]);
    const error = await captureError(
      client.request({ path: '/down', retry: false, schema: anything }),
    );
    expect(error).toMatchObject({
      code: 'NETWORK_ERROR',
      message: ERROR_CATALOGUE.NETWORK_ERROR.message,
      status: 0,
      retryable: true,
    });
  });
});

describe('api client: retries (spec §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('computes 1000·2^attempt plus jitter below 1000 ms', () => {
    expect(retryDelayMs(0, () => 0)).toBe(1000);
    expect(retryDelayMs(1, () => 0.5)).toBe(2500);
    expect(retryDelayMs(2, () => 0.999)).toBe(4999);
  });

  it('retries a retryable error 3 times with growing delays, then fails', async () => {
    const { client } = setup();
    const requests = serve('get', '/flaky', [json({ error: 'INTERNAL_ERROR', message: 'x' }, 500)]);
    const outcome = captureError(client.request({ path: '/flaky', schema: anything }));

    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1499);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2499);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4500);
    expect(requests).toHaveLength(4);

    const error = await outcome;
    expect(error.code).toBe('INTERNAL_ERROR');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(4);
  });

  it('returns the first successful retry', async () => {
    const { client } = setup();
    const requests = serve('get', '/recover', [
      json({ error: 'RATE_LIMIT_EXCEEDED', message: 'x' }, 429),
      json({ ok: true }),
    ]);
    const result = client.request({ path: '/recover', schema: anything });
    await vi.advanceTimersByTimeAsync(1500);
    await expect(result).resolves.toEqual({ ok: true });
    expect(requests).toHaveLength(2);
  });

  it('does not retry a non-retryable error', async () => {
    const { client } = setup();
    const requests = serve('get', '/missing', [json({ error: 'NOT_FOUND', message: 'x' }, 404)]);
    const error = await captureError(client.request({ path: '/missing', schema: anything }));
    expect(error.code).toBe('NOT_FOUND');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(requests).toHaveLength(1);
  });

  it('never retries with retry off', async () => {
    const { client } = setup();
    const requests = serve('post', '/generate', [
      json({ error: 'INTERNAL_ERROR', message: 'x' }, 500),
    ]);
    const error = await captureError(
      client.request({ method: 'POST', path: '/generate', retry: false, schema: anything }),
    );
    expect(error.retryable).toBe(true);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(requests).toHaveLength(1);
  });

  it('turns a request that outlives the 30 s timeout into NETWORK_ERROR', async () => {
    const { client } = setup();
    server.use(http.get(`${BASE}/slow`, () => new Promise<Response>(() => {})));
    const outcome = captureError(client.request({ path: '/slow', retry: false, schema: anything }));
    await vi.advanceTimersByTimeAsync(29_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });
});

describe('api client: extra headers', () => {
  it('sends caller headers (Idempotency-Key) next to the bearer token', async () => {
    const { client } = setup();
    const requests = serve('post', '/generate', [json({ requestId: 'r1' })]);
    await client.request({
      method: 'POST',
      path: '/generate',
      headers: { 'Idempotency-Key': 'key-1', Authorization: 'Bearer spoofed' },
      schema: anything,
    });
    expect(requests[0]?.headers.get('idempotency-key')).toBe('key-1');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer token-1');
  });
});

describe('api client: statuses the caller expects', () => {
  it('throws an expected status as ApiError without logging it as a failure', async () => {
    const { client, deps } = setup();
    serve('get', '/credits', [json({ error: 'NOT_FOUND', message: 'none' }, 404)]);
    const error = await captureError(
      client.request({ path: '/credits', schema: anything, expectedStatuses: [404] }),
    );
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(deps.logger.error).not.toHaveBeenCalled();
  });

  it('still logs any other failure of a call that expects a status', async () => {
    const { client, deps } = setup();
    serve('get', '/credits', [json({ error: 'FORBIDDEN', message: 'no' }, 403)]);
    await captureError(
      client.request({ path: '/credits', schema: anything, expectedStatuses: [404] }),
    );
    expect(deps.logger.error).toHaveBeenCalledWith(
      '[api] Request failed',
      expect.objectContaining({ context: 'GET /credits', status: 403 }),
    );
  });
});

describe('api client: cancellation', () => {
  it('an aborted call fails with NETWORK_ERROR at once and is not logged as a failure', async () => {
    const { client, deps } = setup();
    const requests = serve('get', '/slow', [() => new Promise<Response>(() => {})]);
    const controller = new AbortController();
    const outcome = captureError(
      client.request({ path: '/slow', signal: controller.signal, schema: anything }),
    );
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    controller.abort();
    await expect(outcome).resolves.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    expect(requests).toHaveLength(1);
    expect(deps.logger.error).not.toHaveBeenCalled();
  });
});

describe('api client: 401 handling (spec §4)', () => {
  it('forces one token refresh and retries once with the new token', async () => {
    const getToken = vi.fn(async (options?: { forceRefresh?: boolean }) =>
      options?.forceRefresh ? 'token-2' : 'token-1',
    );
    const { client, deps } = setup({ getToken });
    const requests = serve('get', '/me', [json({}, 401), json({ me: 1 })]);
    await expect(client.request({ path: '/me', schema: anything })).resolves.toEqual({ me: 1 });
    expect(getToken).toHaveBeenLastCalledWith({ forceRefresh: true });
    expect(requests.map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
    expect(deps.onAuthFailure).not.toHaveBeenCalled();
  });

  it('a second 401 after the refresh is returned without another refresh', async () => {
    const { client, deps } = setup();
    const requests = serve('get', '/me', [json({}, 401)]);
    const error = await captureError(client.request({ path: '/me', schema: anything }));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(requests).toHaveLength(2);
    expect(deps.getToken).toHaveBeenCalledTimes(2);
    expect(deps.onAuthFailure).not.toHaveBeenCalled();
  });

  it('fails authentication when the refresh returns no token', async () => {
    const getToken = vi.fn(async (options?: { forceRefresh?: boolean }) =>
      options?.forceRefresh ? null : 'token-1',
    );
    const { client, deps } = setup({ getToken });
    const requests = serve('get', '/me', [json({}, 401)]);
    const error = await captureError(client.request({ path: '/me', schema: anything }));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(deps.onAuthFailure).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(1);
  });

  it('fails authentication when the refresh throws', async () => {
    const getToken = vi.fn(async (options?: { forceRefresh?: boolean }) => {
      if (options?.forceRefresh) throw new Error('refresh failed');
      return 'token-1';
    });
    const { client, deps } = setup({ getToken });
    serve('get', '/me', [json({}, 401)]);
    await captureError(client.request({ path: '/me', schema: anything }));
    expect(deps.onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('allows 3 refreshes per window and fails on the 4th', async () => {
    const { client, deps } = setup();
    serve('get', '/me', [json({}, 401)]);
    for (let i = 0; i < 3; i += 1)
      await captureError(client.request({ path: '/me', schema: anything }));
    expect(deps.onAuthFailure).not.toHaveBeenCalled();
    await captureError(client.request({ path: '/me', schema: anything }));
    expect(deps.onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('resets the window 5 s after the last refresh attempt', async () => {
    const { client, deps, advanceClock } = setup();
    serve('get', '/me', [json({}, 401)]);
    for (let i = 0; i < 3; i += 1)
      await captureError(client.request({ path: '/me', schema: anything }));
    advanceClock(4_999);
    await captureError(client.request({ path: '/me', schema: anything }));
    expect(deps.onAuthFailure).toHaveBeenCalledTimes(1);

    advanceClock(5_000);
    for (let i = 0; i < 3; i += 1)
      await captureError(client.request({ path: '/me', schema: anything }));
    expect(deps.onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('a successful retry resets the refresh counter', async () => {
    const { client, deps } = setup();
    let mode: 'always-401' | 'recover' = 'always-401';
    let calls = 0;
    server.use(
      http.get(`${BASE}/me`, () => {
        calls += 1;
        if (mode === 'recover' && calls % 2 === 0) return HttpResponse.json({ ok: true });
        return HttpResponse.json({}, { status: 401 });
      }),
    );
    await captureError(client.request({ path: '/me', schema: anything }));
    await captureError(client.request({ path: '/me', schema: anything }));
    mode = 'recover';
    calls = 0;
    await expect(client.request({ path: '/me', schema: anything })).resolves.toEqual({ ok: true });
    mode = 'always-401';
    for (let i = 0; i < 3; i += 1)
      await captureError(client.request({ path: '/me', schema: anything }));
    expect(deps.onAuthFailure).not.toHaveBeenCalled();
    await captureError(client.request({ path: '/me', schema: anything }));
    expect(deps.onAuthFailure).toHaveBeenCalledTimes(1);
  });
});

describe('api client: retry and cancellation combine', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a call with a signal still retries retryable errors and returns the recovery', async () => {
    const { client, deps } = setup();
    const requests = serve('post', '/generate', [
      json({ error: 'INTERNAL_ERROR', message: 'x' }, 503),
      () => HttpResponse.error(),
      json({ requestId: 'r1' }),
    ]);
    const result = client.request({
      method: 'POST',
      path: '/generate',
      signal: new AbortController().signal,
      headers: { 'Idempotency-Key': 'key-1' },
      schema: z.object({ requestId: z.string() }),
    });
    await vi.advanceTimersByTimeAsync(1500 + 2500);
    await expect(result).resolves.toEqual({ requestId: 'r1' });
    expect(requests).toHaveLength(3);
    expect(requests.map((request) => request.headers.get('idempotency-key'))).toEqual([
      'key-1',
      'key-1',
      'key-1',
    ]);
    expect(deps.logger.error).not.toHaveBeenCalled();
  });

  it('an abort during the back-off ends the call at once: no further attempt, nothing logged', async () => {
    const { client, deps } = setup();
    const requests = serve('get', '/flaky', [json({ error: 'INTERNAL_ERROR', message: 'x' }, 500)]);
    const controller = new AbortController();
    const outcome = captureError(
      client.request({ path: '/flaky', signal: controller.signal, schema: anything }),
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toHaveLength(1);
    controller.abort();
    // Settles without any timer running: the 1.5 s back-off is not sat out.
    const error = await outcome;
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(1);
    expect(deps.logger.error).not.toHaveBeenCalled();
  });

  it('a signal aborted before the call sends nothing useful and never retries', async () => {
    const { client, deps } = setup();
    const requests = serve('get', '/never', [json({ ok: true })]);
    const controller = new AbortController();
    controller.abort();
    const error = await captureError(
      client.request({ path: '/never', signal: controller.signal, schema: anything }),
    );
    expect(error.code).toBe('NETWORK_ERROR');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(0);
    expect(deps.logger.error).not.toHaveBeenCalled();
  });
});

describe('api client: answers checked against their schema', () => {
  const creditsSchema = z.object({ balance: z.number().int(), is_premium: z.boolean() });

  it('returns the parsed answer (unknown keys stripped)', async () => {
    const { client } = setup();
    serve('get', '/credits', [json({ balance: 3, is_premium: false, internal: 'x' })]);
    await expect(client.request({ path: '/credits', schema: creditsSchema })).resolves.toEqual({
      balance: 3,
      is_premium: false,
    });
  });

  it('a mismatch is INTERNAL_ERROR with the catalogue message; the issues go to the log only', async () => {
    const { client, deps } = setup();
    const requests = serve('get', '/credits', [json({ balance: 'ten', is_premium: false })]);
    const error = await captureError(client.request({ path: '/credits', schema: creditsSchema }));
    expect(error).toMatchObject({
      code: 'INTERNAL_ERROR',
      message: ERROR_CATALOGUE.INTERNAL_ERROR.message,
      status: 200,
      retryable: false,
    });
    expect(error.message).not.toContain('balance');
    expect(error.issues).toEqual([
      expect.objectContaining({ code: 'invalid_type', path: ['balance'] }),
    ]);
    expect(requests).toHaveLength(1);
    expect(deps.logger.error).toHaveBeenCalledWith(
      '[api] Request failed',
      expect.objectContaining({
        context: 'GET /credits',
        code: 'INTERNAL_ERROR',
        issues: error.issues,
      }),
    );
  });
});
