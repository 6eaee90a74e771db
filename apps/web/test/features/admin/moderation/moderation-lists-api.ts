import { http, HttpResponse } from 'msw';

const AT = '2026-11-25T10:00:00.000Z';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const EXISTS = { error: 'MODERATION_ENTRY_EXISTS', message: 'This entry is already on the list.' };

type Entry = { id: string; createdBy: string; createdAt: string } & Record<string, unknown>;

/**
 * The three lists over in-memory arrays, as the API answers: a duplicate term (same rule) or
 * name is 409, a removal `{ deleted: true }`. Every request is kept in `requests`.
 */
export function moderationListsApi(seed: {
  phrases?: string[];
  terms?: string[];
  names?: string[];
}) {
  let next = 100;
  const entry = (fields: Record<string, unknown>): Entry => ({
    id: id(next++),
    createdBy: 'op-1',
    createdAt: AT,
    ...fields,
  });
  const lists = {
    'allowed-phrases': (seed.phrases ?? []).map((phrase) => entry({ phrase, refusalId: null })),
    'blocked-terms': (seed.terms ?? []).map((term) =>
      entry({ term, rule: 'sexual', language: null }),
    ),
    'blocked-names': (seed.names ?? []).map((name) => entry({ name })),
  };
  const requests: Array<{ method: string; path: string; body?: unknown }> = [];
  const keep = async (request: Request) => {
    const body = request.method === 'POST' ? await request.json() : undefined;
    requests.push({
      method: request.method,
      path: new URL(request.url).pathname,
      ...(body !== undefined && { body }),
    });
    return body as Record<string, string>;
  };
  const handlers = [
    http.get('*/api/v1/admin/allowed-phrases', () =>
      HttpResponse.json({ phrases: lists['allowed-phrases'] }),
    ),
    http.get('*/api/v1/admin/blocked-terms', () =>
      HttpResponse.json({ terms: lists['blocked-terms'] }),
    ),
    http.get('*/api/v1/admin/blocked-names', () =>
      HttpResponse.json({ names: lists['blocked-names'] }),
    ),
    http.post('*/api/v1/admin/blocked-terms', async ({ request }) => {
      const body = await keep(request);
      const terms = lists['blocked-terms'];
      if (terms.some((row) => row.term === body.term && row.rule === body.rule)) {
        return HttpResponse.json(EXISTS, { status: 409 });
      }
      const added = entry({ term: body.term, rule: body.rule, language: body.language ?? null });
      terms.push(added);
      return HttpResponse.json(added, { status: 201 });
    }),
    http.post('*/api/v1/admin/blocked-names', async ({ request }) => {
      const body = await keep(request);
      const names = lists['blocked-names'];
      if (names.some((row) => row.name === body.name)) {
        return HttpResponse.json(EXISTS, { status: 409 });
      }
      const added = entry({ name: body.name });
      names.push(added);
      return HttpResponse.json(added, { status: 201 });
    }),
    http.delete('*/api/v1/admin/:list/:id', async ({ request, params }) => {
      await keep(request);
      const list = lists[params.list as keyof typeof lists];
      const at = list.findIndex((row) => row.id === params.id);
      if (at === -1)
        return HttpResponse.json({ error: 'NOT_FOUND', message: 'Not found.' }, { status: 404 });
      list.splice(at, 1);
      return HttpResponse.json({ deleted: true });
    }),
  ];
  return { handlers, requests, lists };
}
