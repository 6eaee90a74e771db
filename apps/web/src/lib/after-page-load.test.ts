import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/support/msw-server';
import { afterPageLoad, trackFirstPage } from './after-page-load';
import { fetchClaimingEarly, fetchEarly } from './early-requests';
import { createQueryClient } from './query-client';

const URL_A = `${window.location.origin}/api/v1/thing`;

describe('afterPageLoad once the app tracks its first page (docs/decisions/028)', () => {
  it('waits for the early requests to be taken over and for the queries to answer', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/api/v1/thing', async () => {
        await answered;
        return HttpResponse.json({ ok: true });
      }),
    );
    void fetchEarly(URL_A);
    const queryClient = createQueryClient();
    trackFirstPage(queryClient);
    let resolved = false;
    void afterPageLoad().then(() => (resolved = true));

    await new Promise((resolve) => setTimeout(resolve, 100));
    // The early request is not taken over yet: the page has not asked for its data.
    expect(resolved).toBe(false);

    const query = queryClient.fetchQuery({
      queryKey: ['thing'],
      queryFn: async () => (await fetchClaimingEarly(URL_A)).json(),
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Taken over, still waiting for its answer.
    expect(resolved).toBe(false);

    answer();
    await query;
    await expect.poll(() => resolved).toBe(true);
  });
});
