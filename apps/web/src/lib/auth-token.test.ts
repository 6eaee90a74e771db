import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { createTestJwt } from '../../test/support/fixtures';
import { server } from '../../test/support/msw-server';
import { createTokenManager, tokenManager } from './auth-token';

const MINUTE = 60_000;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('token manager', () => {
  let now = 1_800_000_000_000;
  beforeEach(() => {
    now = 1_800_000_000_000;
  });

  it('caches a fresh token and refetches once it is within 30 s of expiry', async () => {
    const fetchToken = vi
      .fn<() => Promise<string | null>>()
      .mockResolvedValueOnce(createTestJwt(now + 15 * MINUTE))
      .mockResolvedValueOnce(createTestJwt(now + 30 * MINUTE));
    const manager = createTokenManager({ fetchToken, now: () => now });

    const first = await manager.getToken();
    expect(await manager.getToken()).toBe(first);
    expect(fetchToken).toHaveBeenCalledTimes(1);

    now += 15 * MINUTE - 30_000; // exactly 30 s left: no longer fresh
    const second = await manager.getToken();
    expect(second).not.toBe(first);
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('forceRefresh bypasses the cache', async () => {
    const fetchToken = vi.fn(async () =>
      createTestJwt(now + 15 * MINUTE + fetchToken.mock.calls.length),
    );
    const manager = createTokenManager({ fetchToken, now: () => now });
    await manager.getToken();
    await manager.getToken({ forceRefresh: true });
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('dedupes concurrent refreshes into one request', async () => {
    const pending = deferred<string | null>();
    const fetchToken = vi.fn(() => pending.promise);
    const manager = createTokenManager({ fetchToken, now: () => now });
    const calls = [
      manager.getToken(),
      manager.getToken(),
      manager.getToken({ forceRefresh: true }),
    ];
    pending.resolve(createTestJwt(now + 15 * MINUTE));
    const tokens = await Promise.all(calls);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    expect(new Set(tokens).size).toBe(1);
  });

  it('clear() drops the cache and ignores a refresh that was already running', async () => {
    const pending = deferred<string | null>();
    const fetchToken = vi
      .fn<() => Promise<string | null>>()
      .mockImplementationOnce(() => pending.promise)
      .mockResolvedValue(null);
    const manager = createTokenManager({ fetchToken, now: () => now });
    const stale = manager.getToken();
    manager.clear();
    pending.resolve(createTestJwt(now + 15 * MINUTE));
    await stale;
    expect(await manager.getToken()).toBeNull();
  });

  describe('health check (every 5 minutes)', () => {
    beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
    afterEach(() => vi.useRealTimers());

    it('leaves a fresh token alone and forces a new one once it is near expiry', async () => {
      const fetchToken = vi.fn(async () => createTestJwt(now + 8 * MINUTE));
      const manager = createTokenManager({ fetchToken, now: () => now });
      await manager.getToken();
      const stop = manager.startHealthCheck();

      now += 5 * MINUTE;
      await vi.advanceTimersByTimeAsync(5 * MINUTE);
      expect(fetchToken).toHaveBeenCalledTimes(1); // 3 minutes left: still fresh

      now += 5 * MINUTE - 1;
      await vi.advanceTimersByTimeAsync(5 * MINUTE - 1);
      expect(fetchToken).toHaveBeenCalledTimes(1); // timer not due yet
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchToken).toHaveBeenCalledTimes(2); // expired: forced refresh

      stop();
      now += 60 * MINUTE;
      await vi.advanceTimersByTimeAsync(60 * MINUTE);
      expect(fetchToken).toHaveBeenCalledTimes(2);
    });
  });
});

describe('the app token manager', () => {
  it('reads the JWT from GET /api/auth/token and returns null when signed out', async () => {
    expect(await tokenManager.getToken()).toBeNull();
    const token = createTestJwt(Date.now() + 15 * MINUTE);
    server.use(http.get('*/api/auth/token', () => HttpResponse.json({ token })));
    expect(await tokenManager.getToken()).toBe(token);
  });

  it('throws when the token endpoint fails', async () => {
    server.use(http.get('*/api/auth/token', () => new HttpResponse(null, { status: 500 })));
    await expect(tokenManager.getToken()).rejects.toThrow(/500/);
  });
});
