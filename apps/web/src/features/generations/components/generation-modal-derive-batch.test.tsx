import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../../test/support/msw-server';
import {
  joinedRow,
  PNG_BASE64,
  serveGenerate,
} from '../../../../test/features/generations/generation-fixtures';
import {
  CHANNEL,
  send,
  setupGenerationModalTests,
} from '../../../../test/features/generations/generation-modal-fixtures';
import { catalogModel } from '../../../../test/features/generations/model-fixtures';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';

setupGenerationModalTests();

const MODELS = [
  catalogModel('sd-turbo', {
    is_default: true,
    capabilities: { variations: true, upscale: [2], inpaint: false, withheld_reason: null },
  }),
];

function serveDerive() {
  const paths: string[] = [];
  server.use(
    http.post('*/api/v1/generations/:id/:action', ({ request }) => {
      paths.push(new URL(request.url).pathname);
      return HttpResponse.json({ requestId: `derived-${paths.length}` });
    }),
  );
  return paths;
}

/** A finished batch of two 512×512 images of 'an owl'. */
async function finishBatch() {
  serveGenerate();
  const view = renderGenerationModal({ optionsOpen: true, isPremium: true }, { models: MODELS });
  await view.user.type(screen.getByLabelText('Prompt'), 'an owl');
  await view.user.click(screen.getByRole('radio', { name: '2' }));
  await view.user.click(screen.getByRole('button', { name: 'Generate' }));
  await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(1));
  act(() => view.realtime.socket().ack('SUBSCRIBED', CHANNEL, joinedRow()));
  // The dialog is as wide while the batch renders as when it has landed: nothing moves.
  expect(screen.getByRole('dialog')).toHaveClass('max-w-2xl');
  for (const index of [0, 1]) {
    send(view, 'result', {
      status: 'completed',
      image_index: index,
      generation_id: `gen-${index}`,
      seed: 40 + index,
      result_base64: PNG_BASE64,
    });
  }
  expect(await screen.findByText('Image generated successfully!')).toBeInTheDocument();
  expect(screen.getByRole('dialog')).toHaveClass('max-w-2xl');
  for (const image of screen.getAllByRole('img', { name: /^Generated image/ })) {
    Object.defineProperty(image, 'naturalWidth', { value: 512 });
    Object.defineProperty(image, 'naturalHeight', { value: 512 });
    fireEvent.load(image);
  }
  return view;
}

/** What a Vary or Upscale of one image of a batch shows (issue 44 item 3). */
describe('generation modal: derived work from a batch', () => {
  it('upscales with its own words and the real size, the batch staying in view', async () => {
    const paths = serveDerive();
    const view = await finishBatch();
    const second = screen.getAllByRole('figure')[1]!.parentElement!;
    await view.user.click(within(second).getByRole('button', { name: /^Upscale ×2/ }));
    await waitFor(() => expect(paths).toEqual(['/api/v1/generations/gen-1/upscale']));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByText('Upscaling to 1024×1024…')).toBeInTheDocument();
    expect(screen.queryByText('Preparing your prompt...')).toBeNull();
    const batch = screen.getByRole('region', { name: 'The batch this came from' });
    expect(within(batch).getAllByRole('img')).toHaveLength(2);

    const derived = 'generation:derived-1';
    await waitFor(() => expect(view.realtime.socket().joins(derived)).toHaveLength(1));
    act(() =>
      view.realtime.socket().ack('SUBSCRIBED', derived, joinedRow({ request_id: 'derived-1' })),
    );
    act(() =>
      view.realtime.socket().send(derived, 'result', {
        request_id: 'derived-1',
        status: 'completed',
        generation_id: 'gen-9',
        result_base64: PNG_BASE64,
      }),
    );
    expect(await screen.findByText('Image generated successfully!')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'The batch this came from' })).getAllByRole('img'),
    ).toHaveLength(2);

    await view.user.click(screen.getByRole('button', { name: 'Generate Again' }));
    expect(screen.queryByRole('region', { name: 'The batch this came from' })).toBeNull();
  });

  it('says "Making a variation…" while a variation runs', async () => {
    serveDerive();
    const view = await finishBatch();
    const first = screen.getAllByRole('figure')[0]!.parentElement!;
    await view.user.click(within(first).getByRole('button', { name: /^Vary \(subtle\)/ }));
    expect(await screen.findByText('Making a variation…')).toBeInTheDocument();
  });
});
