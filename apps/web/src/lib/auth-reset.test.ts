import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createTestJwt } from '../../test/support/fixtures';
import { server } from '../../test/support/msw-server';
import { getCreditsResponseSchema } from '@nocturne/contract/credits/get-credits';
import { request } from './api-client';
import { browser } from './browser';

describe('unrecoverable 401 through the app client (spec §4)', () => {
  it('clears provider cookies and storage, signs out and replaces the location with /login', async () => {
    const replace = vi.spyOn(browser, 'replace').mockImplementation(() => {});
    document.cookie = 'better-auth.session_data=abc; path=/';
    document.cookie = 'unrelated=keep; path=/';
    localStorage.setItem('userGenerationCount', '3');
    sessionStorage.setItem('anything', 'x');

    let tokenCalls = 0;
    let signOutCalls = 0;
    server.use(
      http.get('*/api/auth/token', () => {
        tokenCalls += 1;
        // The first token works; the forced refresh after the 401 fails.
        return tokenCalls === 1
          ? HttpResponse.json({ token: createTestJwt(Date.now() + 15 * 60_000) })
          : new HttpResponse(null, { status: 500 });
      }),
      http.post('*/api/auth/sign-out', () => {
        signOutCalls += 1;
        return HttpResponse.json({ success: true });
      }),
      http.get('*/api/v1/credits', () =>
        HttpResponse.json({ error: 'UNAUTHORIZED', message: 'expired' }, { status: 401 }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});

    await expect(
      request({ path: '/credits', schema: getCreditsResponseSchema }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });

    expect(tokenCalls).toBe(2);
    expect(signOutCalls).toBe(1);
    expect(document.cookie).not.toContain('better-auth.session_data');
    expect(document.cookie).toContain('unrelated=keep');
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(replace).toHaveBeenCalledWith('/login');
  });
});
