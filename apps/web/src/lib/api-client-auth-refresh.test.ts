import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../test/support/msw-server';
import {
  BASE,
  anything,
  captureError,
  json,
  serve,
  setup,
} from '../../test/lib/api-client-fixtures';

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
