import { http, HttpResponse } from 'msw';
import type { CreditHistoryEntry } from '@nocturne/contract/credits/get-credit-history';
import { server } from '../../support/msw-server';

export const DAY = 24 * 60 * 60 * 1000;

/** A credit history line `index` minutes ago (a one-credit generation unless overridden). */
export function entry(
  index: number,
  overrides: Partial<CreditHistoryEntry> = {},
): CreditHistoryEntry {
  return {
    id: `tx-${index}`,
    amount: -1,
    reason: 'generation',
    created_at: new Date(Date.now() - index * 60_000).toISOString(),
    generation_id: `gen-${index}`,
    ...overrides,
  };
}

/** Serves `all` newest first, honouring limit and offset; records each query. */
export function serveHistory(all: CreditHistoryEntry[], options: { delay?: Promise<void> } = {}) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/credits/history', async ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      await options.delay;
      const limit = Number(params.get('limit'));
      const offset = Number(params.get('offset'));
      return HttpResponse.json({ history: all.slice(offset, offset + limit), total: all.length });
    }),
  );
  return queries;
}
