import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/support/msw-server';
import { EARLY_CLAIM_WINDOW_MS, fetchClaimingEarly, fetchEarly } from './early-requests';

const URL_A = `${window.location.origin}/api/v1/thing?x=1`;

/** Counts the requests the server sees, answering each with its number. */
function countRequests() {
  const seen: (string | null)[] = [];
  server.use(
    http.get('*/api/v1/thing', ({ request }) => {
      seen.push(request.headers.get('authorization'));
      return HttpResponse.json({ n: seen.length });
    }),
  );
  return seen;
}

afterEach(() => vi.restoreAllMocks());

describe('early requests (docs/decisions/028)', () => {
  it('answer the first matching call once, without a second request', async () => {
    const seen = countRequests();
    const copy = await fetchEarly(URL_A);
    expect(await copy.json()).toEqual({ n: 1 });
    // The entry read its copy; the app still reads the whole answer.
    expect(await (await fetchClaimingEarly(URL_A)).json()).toEqual({ n: 1 });
    expect(seen).toHaveLength(1);
    // Claimed once: the next call is a request of its own.
    expect(await (await fetchClaimingEarly(URL_A)).json()).toEqual({ n: 2 });
    expect(seen).toHaveLength(2);
  });

  it('are never handed to a call with other credentials, another URL or another method', async () => {
    const seen = countRequests();
    void fetchEarly(URL_A, { headers: { Authorization: 'Bearer one' } });
    const other = { headers: { Authorization: 'Bearer two' } };
    expect(await (await fetchClaimingEarly(URL_A, other)).json()).toEqual({ n: 2 });
    expect(seen).toEqual(['Bearer one', 'Bearer two']);
    server.use(http.post('*/api/v1/thing', () => HttpResponse.json({ posted: true })));
    const posted = await fetchClaimingEarly(URL_A, { method: 'POST' });
    expect(await posted.json()).toEqual({ posted: true });
    const withAuth = await fetchClaimingEarly(URL_A, { headers: { authorization: 'Bearer one' } });
    expect(await withAuth.json()).toEqual({ n: 1 });
  });

  it('are not used once too old to stand for a request made now', async () => {
    const seen = countRequests();
    const start = Date.now();
    await fetchEarly(URL_A);
    vi.spyOn(Date, 'now').mockReturnValue(start + EARLY_CLAIM_WINDOW_MS + 1000);
    expect(await (await fetchClaimingEarly(URL_A)).json()).toEqual({ n: 2 });
    expect(seen).toHaveLength(2);
  });

  it("follow the claiming call's abort signal", async () => {
    countRequests();
    void fetchEarly(URL_A);
    const controller = new AbortController();
    const answer = fetchClaimingEarly(URL_A, { signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toThrow();
  });
});
