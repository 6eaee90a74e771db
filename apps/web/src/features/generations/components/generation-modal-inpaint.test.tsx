import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
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
import {
  INPAINT_MODEL,
  loadSourceImage,
  paintStroke,
  serveInpaint,
} from '../../../../test/features/generations/mask-editor-harness';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';
import { installFakeCanvas } from '../../../../test/support/fake-canvas';
import { deriveStart } from '../utils/derive-actions';

setupGenerationModalTests();
beforeEach(() => installFakeCanvas());

describe('generation modal: a region repainted from the result', () => {
  it('follows the editor’s request in its own words, without sending it twice', async () => {
    serveGenerate();
    const calls = serveInpaint();
    const view = renderGenerationModal({}, { models: [INPAINT_MODEL] });
    await view.user.type(screen.getByLabelText('Prompt'), 'an owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(1));
    act(() => view.realtime.socket().ack('SUBSCRIBED', CHANNEL, joinedRow()));
    send(view, 'result', {
      status: 'completed',
      generation_id: 'gen-1',
      result_base64: PNG_BASE64,
    });

    await view.user.click(await screen.findByRole('button', { name: 'Edit region, 1 credit' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit region' });
    const canvas = await loadSourceImage(editor, 512, 512);
    paintStroke(canvas, [
      [10, 10],
      [80, 80],
    ]);
    await view.user.type(screen.getByLabelText('What goes there'), 'a golden moon');
    await view.user.click(screen.getByRole('button', { name: 'Repaint region' }));

    const channel = 'generation:inpaint-1';
    await waitFor(() => expect(view.realtime.socket().joins(channel)).toHaveLength(1));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/api/v1/generations/gen-1/inpaint');
    expect(screen.queryByRole('dialog', { name: 'Edit region' })).toBeNull();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByText('Repainting the region…')).toBeInTheDocument();
    expect(screen.getByText('“a golden moon”')).toBeInTheDocument();

    act(() =>
      view.realtime.socket().ack('SUBSCRIBED', channel, joinedRow({ request_id: 'inpaint-1' })),
    );
    act(() =>
      view.realtime.socket().send(channel, 'result', {
        request_id: 'inpaint-1',
        status: 'completed',
        generation_id: 'gen-2',
        result_base64: PNG_BASE64,
      }),
    );
    expect(await screen.findByText('Image generated successfully!')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  }, 30_000);

  it('opens from history on the progress of the request the editor sent', async () => {
    const calls = serveInpaint();
    const source = generation(3, { content_prompt: 'a lighthouse' });
    const action = { kind: 'inpaint', mask: 'data:image/png;base64,AAAA', strength: 0.9 } as const;
    const view = renderGenerationModal({
      derive: deriveStart(source, { ...action, prompt: 'a red door', requestId: 'inpaint-7' }),
    });
    await waitFor(() =>
      expect(view.realtime.socket().joins('generation:inpaint-7')).toHaveLength(1),
    );
    expect(screen.getByText('Repainting the region…')).toBeInTheDocument();
    expect(screen.getByText('“a red door”')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
