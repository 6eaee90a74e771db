import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { server } from '../../test/support/msw-server';
import {
  BASE,
  anything,
  captureError,
  json,
  serve,
  setup,
} from '../../test/lib/api-client-fixtures';

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
