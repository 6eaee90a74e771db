import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { RealtimeContext } from '../../../lib/realtime-context';
import { createFakeRealtime } from '../../../../test/support/fake-realtime';
import { installFakeCanvas } from '../../../../test/support/fake-canvas';
import { generation } from '../../../../test/features/generations/generation-fixtures';
import {
  findRows,
  serveHistory,
  setupGenerationHistoryTests,
} from '../../../../test/features/generations/generation-history-fixtures';
import {
  INPAINT_MODEL,
  loadSourceImage,
  paintStroke,
  serveInpaint,
} from '../../../../test/features/generations/mask-editor-harness';
import { serveModels } from '../../../../test/features/generations/model-fixtures';
import { GenerationHistory } from './generation-history';

setupGenerationHistoryTests();
beforeEach(() => installFakeCanvas());

const SOURCE = generation(3, { model: 'studio' });
const REPAINTED = generation(1, {
  model: 'studio',
  kind: 'inpaint',
  source_generation_id: 'gen-3',
});

function renderHistory() {
  serveHistory([REPAINTED, SOURCE]);
  serveModels([INPAINT_MODEL]);
  const onDerive = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <RealtimeContext.Provider value={createFakeRealtime().client}>
          <GenerationHistory credits={{ isPremium: false, balance: 5 }} onDerive={onDerive} />
        </RealtimeContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onDerive, user: userEvent.setup() };
}

describe('history: a repainted region beside its source', { timeout: 20_000 }, () => {
  it('names it after its source, which counts it and offers Edit region', async () => {
    const calls = serveInpaint();
    const { onDerive, user } = renderHistory();
    const [repainted, source] = await findRows();
    expect(repainted).toHaveTextContent('Repainted region of image gen-3');
    expect(source).toHaveTextContent('Made from this image: 1 repainted region');

    await user.click(await within(source!).findByRole('button', { name: 'Edit region, 1 credit' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit region' });
    paintStroke(await loadSourceImage(editor, 512, 512), [[20, 20]]);
    await user.click(within(editor).getByRole('button', { name: 'Repaint region' }));
    await waitFor(() => expect(onDerive).toHaveBeenCalledTimes(1));
    expect(calls[0]!.path).toBe('/api/v1/generations/gen-3/inpaint');
    expect(onDerive).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'gen-3' }),
      expect.objectContaining({ kind: 'inpaint', requestId: 'inpaint-1', strength: 0.9 }),
    );
  });
});
