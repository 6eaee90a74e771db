import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { server } from '../../test/support/msw-server';
import { retryDelayMs } from './retry-delay';
import {
  BASE,
  anything,
  captureError,
  json,
  serve,
  setup,
} from '../../test/lib/api-client-fixtures';

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
