import { http, HttpResponse } from 'msw';
import type { ApiKey, ApiKeyScope } from '@nocturne/contract/api-keys/api-key';
import { server } from '../../support/msw-server';

/** A key as the list answers it. */
export function apiKey(id: string, name: string, options: Partial<ApiKey> = {}): ApiKey {
  return {
    id,
    name,
    scopes: ['generations'],
    prefix: 'nct_ab12',
    created_at: '2026-11-20T10:00:00.000Z',
    last_used_at: null,
    ...options,
  };
}

/** The key a create answers with, once. */
export const NEW_KEY = 'nct_Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5d2FsZG8';

/**
 * /api/v1/api-keys over a list held here, as the server keeps it; the requests it got are in
 * `calls`. `refuse` answers the next create with that error instead.
 */
export function serveApiKeys(initial: ApiKey[] = []) {
  const state = {
    apiKeys: [...initial],
    calls: [] as Array<{ method: string; url: string; body: unknown }>,
    refuse: null as { status: number; error: string; message: string } | null,
  };
  server.use(
    http.get('*/api/v1/api-keys', () => HttpResponse.json({ api_keys: state.apiKeys })),
    http.post('*/api/v1/api-keys', async ({ request }) => {
      const body = (await request.json()) as { name: string; scopes: ApiKeyScope[] };
      state.calls.push({ method: 'POST', url: request.url, body });
      const refused = state.refuse;
      state.refuse = null;
      if (refused) return HttpResponse.json(refused, { status: refused.status });
      const id = `k-${state.apiKeys.length + 1}`;
      state.apiKeys.unshift(
        apiKey(id, body.name, { scopes: body.scopes, prefix: NEW_KEY.slice(0, 8) }),
      );
      return HttpResponse.json({ id, key: NEW_KEY }, { status: 201 });
    }),
    http.delete('*/api/v1/api-keys/:id', ({ request, params }) => {
      state.calls.push({ method: 'DELETE', url: request.url, body: null });
      state.apiKeys = state.apiKeys.filter((item) => item.id !== params.id);
      return HttpResponse.json({ revoked: true });
    }),
  );
  return state;
}
