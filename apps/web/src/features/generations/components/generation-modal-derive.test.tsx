import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../../test/support/msw-server';
import {
  generation,
  joinedRow,
  PNG_BASE64,
  serveGenerate,
} from '../../../../test/features/generations/generation-fixtures';
import {
  CHANNEL,
  send,
  setupGenerationModalTests,
} from '../../../../test/features/generations/generation-modal-fixtures';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';
import { catalogModel } from '../../../../test/features/generations/model-fixtures';
import { deriveStart } from '../utils/derive-actions';

setupGenerationModalTests();

/** POST …/variations and …/upscale answer derived-1, derived-2, …; returns each call's path, body, key. */
function serveDerive() {
  const calls: Array<{ path: string; body: unknown; key: string | null }> = [];
  server.use(
    http.post('*/api/v1/generations/:id/:action', async ({ request }) => {
      const path = new URL(request.url).pathname;
      calls.push({ path, body: await request.json(), key: request.headers.get('idempotency-key') });
      return HttpResponse.json({ requestId: `derived-${calls.length}` });
    }),
  );
  return calls;
}

describe('generation modal: variations and upscales', () => {
  it('opens on the progress of an upscale asked for from history, with its own key', async () => {
    const calls = serveDerive();
    const source = generation(7, { content_prompt: 'a lighthouse' });
    const view = renderGenerationModal({
      derive: deriveStart(source, { kind: 'upscale', factor: 2 }),
    });
    await waitFor(() =>
      expect(view.realtime.socket().joins('generation:derived-1')).toHaveLength(1),
    );
    expect(calls).toEqual([
      { path: '/api/v1/generations/gen-7/upscale', body: { factor: 2 }, key: expect.any(String) },
    ]);
    expect(screen.queryByLabelText('Prompt')).not.toBeInTheDocument();
    const derived = 'generation:derived-1';
    act(() =>
      view.realtime.socket().ack('SUBSCRIBED', derived, joinedRow({ request_id: 'derived-1' })),
    );
    act(() =>
      view.realtime.socket().send(derived, 'result', {
        request_id: 'derived-1',
        status: 'completed',
        result_base64: PNG_BASE64,
      }),
    );
    expect(await screen.findByText('Image generated successfully!')).toBeInTheDocument();
  });

  it('varies a finished result from the result step, priced, and follows the new request', async () => {
    serveGenerate();
    const calls = serveDerive();
    const view = renderGenerationModal(
      { balance: 1 },
      {
        models: [
          catalogModel('sd-turbo', {
            is_default: true,
            upscale_cost: 2,
            capabilities: { variations: true, upscale: [2], inpaint: false, withheld_reason: null },
          }),
        ],
      },
    );
    await view.user.type(screen.getByLabelText('Prompt'), 'an owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(1));
    act(() => view.realtime.socket().ack('SUBSCRIBED', CHANNEL, joinedRow()));
    send(view, 'result', {
      status: 'completed',
      generation_id: 'gen-1',
      result_base64: PNG_BASE64,
    });
    const vary = await screen.findByRole('button', { name: 'Vary (strong), 1 credit' });
    const upscale = screen.getByRole('button', {
      name: /^Upscale ×2, Needs 2 credits; you have 1/,
    });
    expect(upscale).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Upscale ×4/ })).not.toBeInTheDocument();
    await view.user.click(vary);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      path: '/api/v1/generations/gen-1/variations',
      body: { strength: 'strong' },
    });
    await waitFor(() =>
      expect(view.realtime.socket().joins('generation:derived-1')).toHaveLength(1),
    );
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it('offers nothing for a model without the capabilities', async () => {
    serveGenerate();
    const plain = catalogModel('sd-turbo', {
      is_default: true,
      capabilities: { variations: false, upscale: [], inpaint: false, withheld_reason: null },
    });
    const view = renderGenerationModal({}, { models: [plain] });
    await view.user.type(screen.getByLabelText('Prompt'), 'an owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(1));
    act(() => view.realtime.socket().ack('SUBSCRIBED', CHANNEL, joinedRow()));
    send(view, 'result', {
      status: 'completed',
      generation_id: 'gen-1',
      result_base64: PNG_BASE64,
    });
    expect(await screen.findByText('Image generated successfully!')).toBeInTheDocument();
    expect(
      screen.queryByRole('group', { name: 'Make more from this image' }),
    ).not.toBeInTheDocument();
  });
});
