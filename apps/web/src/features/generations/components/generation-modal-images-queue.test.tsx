import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../../test/support/msw-server';
import {
  joinedRow,
  PNG_BASE64,
  serveGenerate,
} from '../../../../test/features/generations/generation-fixtures';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';
import {
  CHANNEL,
  setupGenerationModalTests,
} from '../../../../test/features/generations/generation-modal-fixtures';

setupGenerationModalTests();

describe('generation modal: N images', () => {
  it('shows every image with its seed, Download and Save (by its generation id), and a failed one with its reason', async () => {
    const { http, HttpResponse } = await import('msw');
    serveGenerate();
    const saved: string[] = [];
    server.use(
      http.post('*/api/v1/generations/:id/favorite', ({ params }) => {
        saved.push(String(params.id));
        return HttpResponse.json({ error: 'ALREADY_EXISTS', message: 'x' }, { status: 409 });
      }),
    );
    const view = renderGenerationModal({ optionsOpen: true });
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('radio', { name: '3' }));
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(1));
    act(() => view.realtime.socket().ack('SUBSCRIBED', CHANNEL, joinedRow()));
    const send = (event: string, payload: object) =>
      act(() => view.realtime.socket().send(CHANNEL, event, { request_id: 'req-1', ...payload }));
    for (const index of [0, 2]) {
      send('result', {
        status: 'completed',
        image_index: index,
        generation_id: `gen-${index}`,
        seed: 500 + index,
        result_base64: PNG_BASE64,
      });
    }
    expect(screen.queryByText('Image generated successfully!')).toBeNull();
    send('update', {
      status: 'failed',
      image_index: 1,
      generation_id: 'gen-1',
      error: 'Cancelled',
    });
    expect(await screen.findByText('Image generated successfully!')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Generated image/ })).toHaveLength(2);
    expect(screen.getByText('Image 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(screen.getAllByTestId('image-seed').map((seed) => seed.textContent)).toEqual([
      '500',
      '502',
    ]);
    expect(screen.getAllByRole('button', { name: /^Download image/ })).toHaveLength(2);
    const saves = screen.getAllByRole('button', { name: 'Save to favorites' });
    expect(saves).toHaveLength(2);
    await view.user.click(saves[1]!);
    await waitFor(() => expect(saved).toEqual(['gen-2']));
  });
});

describe('generation modal: queue, cancel and tab title', () => {
  async function start(view: ReturnType<typeof renderGenerationModal>) {
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(1));
    act(() => view.realtime.socket().ack('SUBSCRIBED', CHANNEL, joinedRow()));
  }

  it("shows the place and wait while queued: '3rd in queue · about 20 s'", async () => {
    serveGenerate();
    const view = renderGenerationModal();
    await start(view);
    act(() =>
      view.realtime.socket().send(CHANNEL, 'update', {
        request_id: 'req-1',
        status: 'queued',
        queue_position: 3,
        estimated_wait_s: 20,
      }),
    );
    expect(screen.getByTestId('generation-queue')).toHaveTextContent('3rd in queue · about 20 s');
  });

  it('Cancel calls the cancel endpoint and returns to the input with the spec message', async () => {
    const { http, HttpResponse } = await import('msw');
    serveGenerate();
    const cancels: string[] = [];
    server.use(
      http.post('*/api/v1/generations/:id/cancel', ({ params }) => {
        cancels.push(String(params.id));
        return HttpResponse.json({ cancelled: 1, refunded: 1 });
      }),
    );
    const view = renderGenerationModal();
    await start(view);
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Generation cancelled')).toBeInTheDocument();
    await waitFor(() => expect(cancels).toEqual(['req-1']));
  });

  it('a Cancel before the request id is known cancels the submit once it answers', async () => {
    const { http, HttpResponse } = await import('msw');
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    serveGenerate();
    server.use(
      http.post('*/api/v1/generate', async () => {
        await answered;
        return HttpResponse.json({ requestId: 'req-9' });
      }),
    );
    const cancels: string[] = [];
    server.use(
      http.post('*/api/v1/generations/:id/cancel', ({ params }) => {
        cancels.push(String(params.id));
        return HttpResponse.json({ cancelled: 1, refunded: 1 });
      }),
    );
    const view = renderGenerationModal();
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await view.user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Generation cancelled')).toBeInTheDocument();
    answer();
    await waitFor(() => expect(cancels).toEqual(['req-9']));
    expect(screen.getByText('Generation cancelled')).toBeInTheDocument();
  });

  it('shows the progress in the tab title while the tab is hidden, and restores it', async () => {
    serveGenerate();
    document.title = 'Nocturne — AI image studio';
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const view = renderGenerationModal();
    await start(view);
    act(() =>
      view.realtime.socket().send(CHANNEL, 'update', {
        request_id: 'req-1',
        status: 'processing',
        progress: 0.5,
      }),
    );
    expect(document.title).toBe('Nocturne — AI image studio');
    visibility = 'hidden';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(document.title).toBe('80% · Generating — Nocturne');
    visibility = 'visible';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(document.title).toBe('Nocturne — AI image studio');
  });
});
