import { act, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { joinedRow, PNG_BASE64 } from './generation-fixtures';
import { renderGenerationModal } from './render-generation-modal';

const CHANNEL = 'generation:req-1';

/**
 * The generation modal on its result: a prompt submitted (serveGenerate answers it as req-1), the
 * channel joined, and one image's result pushed, as a completed generation reaches a person.
 */
export async function renderCompletedGeneration(
  props: Parameters<typeof renderGenerationModal>[0] = {},
) {
  const view = renderGenerationModal(props);
  await view.user.type(screen.getByLabelText('Prompt'), 'a moonlit owl');
  await view.user.click(screen.getByRole('button', { name: 'Generate' }));
  await waitFor(() => expect(view.realtime.socket().joins(CHANNEL)).toHaveLength(1));
  act(() => view.realtime.socket().ack('SUBSCRIBED', CHANNEL, joinedRow()));
  act(() =>
    view.realtime.socket().send(CHANNEL, 'result', {
      request_id: 'req-1',
      status: 'completed',
      generation_id: 'gen-1',
      image_index: 0,
      seed: 1234,
      result_base64: PNG_BASE64,
    }),
  );
  await screen.findByText('Image generated successfully!');
  return view;
}
