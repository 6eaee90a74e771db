import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { server } from '../testing/msw-server';
import { ApiError, createApiClient, retryDelayMs, type ApiClientDeps } from './api-client';

const BASE = 'http://localhost:3000/api/v1';

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
  it('sends JSON with the bearer token and returns the parsed body', async () => {
    const { client } = setup();
    const requests = serve('post', '/things', [json({ ok: true })]);
    await expect(client.post('/things', { name: 'x' })).resolves.toEqual({ ok: true });
    const [request] = requests;
    expect(request?.headers.get('authorization')).toBe('Bearer token-1');
    expect(request?.headers.get('content-type')).toBe('application/json');
    await expect(request?.json()).resolves.toEqual({ name: 'x' });
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
    await client.get('/verbs', { params: { limit: 20, offset: undefined, q: 'a b' } });
    await client.put('/verbs', {});
    await client.patch('/verbs', {});
    await client.delete('/verbs');
    expect(seen).toEqual(['GET ?limit=20&q=a+b', 'PUT ', 'PATCH ', 'DELETE ']);
  });

  it('warns but still sends the request when no token exists', async () => {
    const { client, deps } = setup({ getToken: vi.fn(async () => null) });
    const requests = serve('get', '/open', [json({ fine: 1 })]);
    await expect(client.get('/open')).resolves.toEqual({ fine: 1 });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    expect(deps.logger.warn).toHaveBeenCalledTimes(1);
  });

  it('returns undefined for an empty 204 body', async () => {
    const { client } = setup();
    serve('post', '/empty', [() => new HttpResponse(null, { status: 204 })]);
    await expect(client.post('/empty')).resolves.toBeUndefined();
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
    const error = await captureError(client.get('/fail'));
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
  ])('$status $code is retryable (cancellable call, so no retry)', async (item) => {
    const { client } = setup();
    const requests = serve('get', '/retryable', [
      () =>
        item.body === null
          ? new HttpResponse(null, { status: item.status })
          : HttpResponse.json(item.body, { status: item.status }),
    ]);
    const error = await captureError(
      client.getCancellable('/retryable', new AbortController().signal),
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
    const error = await captureError(client.getCancellable('/down', new AbortController().signal));
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
    const outcome = captureError(client.get('/flaky'));

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
    const result = client.get('/recover');
    await vi.advanceTimersByTimeAsync(1500);
    await expect(result).resolves.toEqual({ ok: true });
    expect(requests).toHaveLength(2);
  });

  it('does not retry a non-retryable error', async () => {
    const { client } = setup();
    const requests = serve('get', '/missing', [json({ error: 'NOT_FOUND', message: 'x' }, 404)]);
    const error = await captureError(client.get('/missing'));
    expect(error.code).toBe('NOT_FOUND');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(requests).toHaveLength(1);
  });

  it('never retries cancellable calls', async () => {
    const { client } = setup();
    const requests = serve('post', '/generate', [
      json({ error: 'INTERNAL_ERROR', message: 'x' }, 500),
    ]);
    const error = await captureError(
      client.postCancellable('/generate', { p: 1 }, new AbortController().signal),
    );
    expect(error.retryable).toBe(true);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(requests).toHaveLength(1);
  });

  it('turns a request that outlives the 30 s timeout into NETWORK_ERROR', async () => {
    const { client } = setup();
    server.use(http.get(`${BASE}/slow`, () => new Promise<Response>(() => {})));
    const outcome = captureError(client.getCancellable('/slow', new AbortController().signal));
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
    await client.postCancellable('/generate', {}, new AbortController().signal, {
      headers: { 'Idempotency-Key': 'key-1', Authorization: 'Bearer spoofed' },
    });
    expect(requests[0]?.headers.get('idempotency-key')).toBe('key-1');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer token-1');
  });
});

describe('api client: cancellation', () => {
  it('an aborted cancellable call fails with NETWORK_ERROR', async () => {
    const { client } = setup();
    server.use(http.get(`${BASE}/slow`, () => new Promise<Response>(() => {})));
    const controller = new AbortController();
    const outcome = captureError(client.getCancellable('/slow', controller.signal));
    controller.abort();
    await expect(outcome).resolves.toMatchObject({ code: 'NETWORK_ERROR', status: 0 });
  });
});

describe('api client: 401 handling (spec §4)', () => {
  it('forces one token refresh and retries once with the new token', async () => {
    const getToken = vi.fn(async (options?: { forceRefresh?: boolean }) =>
      options?.forceRefresh ? 'token-2' : 'token-1',
    );
    const { client, deps } = setup({ getToken });
    const requests = serve('get', '/me', [json({}, 401), json({ me: 1 })]);
    await expect(client.get('/me')).resolves.toEqual({ me: 1 });
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
    const error = await captureError(client.get('/me'));
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
    const error = await captureError(client.get('/me'));
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
    await captureError(client.get('/me'));
    expect(deps.onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('allows 3 refreshes per window and fails on the 4th', async () => {
    const { client, deps } = setup();
    serve('get', '/me', [json({}, 401)]);
    for (let i = 0; i < 3; i += 1) await captureError(client.get('/me'));
    expect(deps.onAuthFailure).not.toHaveBeenCalled();
    await captureError(client.get('/me'));
    expect(deps.onAuthFailure).toHaveBeenCalledTimes(1);
  });

  it('resets the window 5 s after the last refresh attempt', async () => {
    const { client, deps, advanceClock } = setup();
    serve('get', '/me', [json({}, 401)]);
    for (let i = 0; i < 3; i += 1) await captureError(client.get('/me'));
    advanceClock(4_999);
    await captureError(client.get('/me'));
    expect(deps.onAuthFailure).toHaveBeenCalledTimes(1);

    advanceClock(5_000);
    for (let i = 0; i < 3; i += 1) await captureError(client.get('/me'));
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
    await captureError(client.get('/me'));
    await captureError(client.get('/me'));
    mode = 'recover';
    calls = 0;
    await expect(client.get('/me')).resolves.toEqual({ ok: true });
    mode = 'always-401';
    for (let i = 0; i < 3; i += 1) await captureError(client.get('/me'));
    expect(deps.onAuthFailure).not.toHaveBeenCalled();
    await captureError(client.get('/me'));
    expect(deps.onAuthFailure).toHaveBeenCalledTimes(1);
  });
});
