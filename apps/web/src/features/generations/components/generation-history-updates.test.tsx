import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Generation } from '@nocturne/contract/generations/generation';
import { server } from '../../../../test/support/msw-server';
import { generation } from '../../../../test/features/generations/generation-fixtures';
import {
  findRows,
  renderHistory,
  serveHistory,
  setupGenerationHistoryTests,
} from '../../../../test/features/generations/generation-history-fixtures';

setupGenerationHistoryTests();

describe('generation history', () => {
  it('Retry posts an empty body for a failed row and reloads the list', async () => {
    const all = [generation(1, { status: 'failed', result_image_url: null })];
    const queries = serveHistory(all);
    const retries: Array<{ id: unknown; body: string }> = [];
    server.use(
      http.post('*/api/v1/generations/:id/retry', async ({ params, request }) => {
        retries.push({ id: params.id, body: await request.text() });
        all[0] = { ...(all[0] as Generation), status: 'queued' };
        return HttpResponse.json(all[0]);
      }),
    );
    const { user } = renderHistory();
    const [row] = await findRows();
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(retries).toEqual([{ id: 'gen-1', body: '' }]));
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(await screen.findByText('Queued')).toBeInTheDocument();
  });

  it('Delete asks for confirmation, then deletes and reloads', async () => {
    const all = [generation(1), generation(2)];
    serveHistory(all);
    const deleted: unknown[] = [];
    server.use(
      http.delete('*/api/v1/generations/:id', ({ params }) => {
        deleted.push(params.id);
        all.splice(0, 1);
        return HttpResponse.json({ deleted: true });
      }),
    );
    const { user } = renderHistory();
    const [row] = await findRows();
    await user.click(
      within(row as HTMLElement).getByRole('button', { name: /^Delete generation/ }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete this generation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    await user.click(
      within(row as HTMLElement).getByRole('button', { name: /^Delete generation/ }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete this generation?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(deleted).toEqual(['gen-1']));
    await waitFor(() => expect(screen.getAllByTestId('generation-row')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('updates pending rows live from generation:{request_id} events', async () => {
    const all = [
      generation(1, { status: 'queued', result_image_url: null }),
      generation(2, { status: 'completed' }),
    ];
    serveHistory(all);
    const { realtime } = renderHistory();
    await findRows();
    const socket = () => realtime.socket();
    await waitFor(() => expect(socket().joins('generation:req-1')).toHaveLength(1));
    expect(socket().joins('generation:req-2')).toHaveLength(0);
    expect(screen.getAllByTestId('generation-status')[0]).toHaveTextContent('Queued');
    // The join carries the row as it is now: it started while the page loaded.
    act(() => socket().ack('SUBSCRIBED', 'generation:req-1', { ...all[0], status: 'processing' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('generation-status')[0]).toHaveTextContent('Processing'),
    );

    act(() =>
      socket().send('generation:req-1', 'update', { request_id: 'other', status: 'failed' }),
    );
    expect(screen.getAllByTestId('generation-status')[0]).toHaveTextContent('Processing');
    act(() =>
      socket().send('generation:req-1', 'update', { request_id: 'req-1', status: 'processing' }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('generation-status')[0]).toHaveTextContent('Processing'),
    );

    all[0] = { ...(all[0] as Generation), status: 'completed', result_image_url: '/images/r1.png' };
    act(() =>
      socket().send('generation:req-1', 'result', {
        request_id: 'req-1',
        status: 'completed',
        result_base64: null,
        result_image_url: '/images/r1.png',
      }),
    );
    await waitFor(() =>
      expect(screen.getAllByTestId('generation-status')[0]).toHaveTextContent('Completed'),
    );
    await waitFor(() => expect(socket().leaves()).toContain('generation:req-1'));
  });
});
