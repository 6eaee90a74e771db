import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  joinedRow,
  PNG_BASE64,
  serveGenerate,
} from '../../../../test/features/generations/generation-fixtures';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';
import {
  CHANNEL,
  send,
  setupGenerationModalTests,
  startGeneration,
} from '../../../../test/features/generations/generation-modal-fixtures';

setupGenerationModalTests();

const WEBP = 'UklGRhIAAABXRUJQ';
const preview = (index: number, step: number, steps = 8) => ({
  generation_id: `gen-${index}`,
  image_index: index,
  step,
  steps,
  image_webp_base64: `${WEBP}${step}`,
});

describe('generation modal: live preview in the progress step', () => {
  it('shows the newest preview, blurred, with its step, in place of the percentage frame', async () => {
    serveGenerate();
    const view = renderGenerationModal();
    await startGeneration(view);
    send(view, 'update', { status: 'processing', progress: 0.2 });
    // A model without previews: the progress step as before.
    expect(screen.queryByRole('list', { name: 'Live preview' })).toBeNull();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();

    send(view, 'preview', preview(0, 2));
    const image = screen.getByRole('img', { name: 'Image 1 forming' });
    expect(image).toHaveAttribute('src', `data:image/webp;base64,${WEBP}2`);
    expect(image.className).toContain('blur-');
    expect(screen.getByText('Step 2 of 8')).toBeInTheDocument();
    send(view, 'preview', preview(0, 5));
    expect(screen.getByRole('img', { name: 'Image 1 forming' })).toHaveAttribute(
      'src',
      `data:image/webp;base64,${WEBP}5`,
    );
    expect(screen.getByText('Step 5 of 8')).toBeInTheDocument();
    // The bar and Cancel stay.
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    send(view, 'result', { status: 'completed', image_index: 0, result_base64: PNG_BASE64 });
    expect(await screen.findByText('Image generated successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Image 1 forming' })).toBeNull();
  });

  it('gives each image of a batch its own frame, the finished one fading in over its preview', async () => {
    serveGenerate();
    const view = renderGenerationModal({ optionsOpen: true });
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('radio', { name: '2' }));
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(1));
    act(() => view.realtime.socket().ack('SUBSCRIBED', CHANNEL, joinedRow()));

    send(view, 'preview', preview(1, 3, 4));
    const frames = screen.getAllByTestId('live-preview-frame');
    expect(frames).toHaveLength(2);
    expect(within(frames[0]!).queryByRole('img')).toBeNull();
    expect(within(frames[1]!).getByRole('img', { name: 'Image 2 forming' })).toBeInTheDocument();
    expect(within(frames[1]!).getByText('Step 3 of 4')).toBeInTheDocument();

    send(view, 'preview', preview(0, 1, 4));
    send(view, 'update', { status: 'completed', image_index: 0, generation_id: 'gen-0' });
    send(view, 'result', { status: 'completed', image_index: 0, result_base64: PNG_BASE64 });
    const first = screen.getAllByTestId('live-preview-frame')[0]!;
    const final = within(first).getByRole('img', { name: 'Image 1' });
    expect(final).toHaveAttribute('src', `data:image/png;base64,${PNG_BASE64}`);
    expect(final.className).toContain('animate-[fade-in');
    expect(final.className).toContain('motion-reduce:animate-none');
    expect(within(first).getByRole('img', { name: 'Image 1 forming' })).toBeInTheDocument();
    expect(within(first).queryByText(/^Step/)).toBeNull();
  });
});
