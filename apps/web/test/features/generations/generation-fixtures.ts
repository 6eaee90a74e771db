import { http, HttpResponse } from 'msw';
import type { Generation } from '@nocturne/contract/generations/generation';
import { generation } from '@nocturne/contract/test/generation-row';
import { server } from '../../support/msw-server';
import type { GenerationSnapshot } from '@nocturne/contract/realtime/join-snapshots';

// The row builder lives with the shared test helpers (lib/ tests use it too); re-exported for
// the feature's tests, which take all their fixtures from here.
export { generation };

/** A 1×1 PNG as the server's `result_base64` (no data: prefix). */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** POST /api/v1/generate answers `answer` (or request ids req-1, req-2, …); returns the calls. */
export function serveGenerate(answer?: (call: number) => Response) {
  const calls: Array<{ body: unknown; key: string | null }> = [];
  server.use(
    http.post('*/api/v1/generate', async ({ request }) => {
      calls.push({ body: await request.json(), key: request.headers.get('idempotency-key') });
      return answer
        ? answer(calls.length)
        : HttpResponse.json({ requestId: `req-${calls.length}` });
    }),
  );
  return calls;
}

/**
 * The snapshot a join of generation:{request_id} carries (queued unless overridden; no place
 * unless given), as the server's.
 */
export function joinedRow(overrides: Partial<GenerationSnapshot> = {}): GenerationSnapshot {
  return generation(1, {
    request_id: 'req-1',
    status: 'queued',
    result_image_url: null,
    ...overrides,
  });
}

/** GET /api/v1/generations/{id} answers a row with `status` for any id; returns the ids asked. */
export function serveGenerationRow(overrides: Partial<Generation> = { status: 'queued' }) {
  const ids: string[] = [];
  server.use(
    http.get('*/api/v1/generations/:id', ({ params }) => {
      const id = String(params.id);
      ids.push(id);
      return HttpResponse.json(
        generation(1, {
          request_id: id,
          result_image_url: null,
          ...overrides,
        }),
      );
    }),
  );
  return ids;
}
