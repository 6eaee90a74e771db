import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { createFakeRealtime } from '../../../../test/support/fake-realtime';
import { generation } from '../../../../test/features/generations/generation-fixtures';
import {
  findRows,
  serveHistory,
  setupGenerationHistoryTests,
} from '../../../../test/features/generations/generation-history-fixtures';
import { catalogModel, serveModels } from '../../../../test/features/generations/model-fixtures';
import type { DeriveCredits } from '../utils/derive-actions';
import { GenerationHistory } from './generation-history';
import { RealtimeContext } from '../../../lib/realtime-context';

setupGenerationHistoryTests();

const SOURCE = generation(3);
const ROWS = [
  generation(1, { kind: 'variation', source_generation_id: 'gen-3', strength: 'subtle' }),
  generation(2, { kind: 'upscale', source_generation_id: 'gen-3', upscale_factor: 2 }),
  SOURCE,
];

function renderWith(credits: DeriveCredits) {
  serveHistory(ROWS);
  serveModels([
    catalogModel('sd-turbo', {
      is_default: true,
      variation_cost: 1,
      upscale_cost: 2,
      capabilities: { variations: true, upscale: [2, 4], inpaint: false, withheld_reason: null },
    }),
  ]);
  const onDerive = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <RealtimeContext.Provider value={createFakeRealtime().client}>
          <GenerationHistory credits={credits} onDerive={onDerive} />
        </RealtimeContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onDerive, user: userEvent.setup() };
}

describe('history: variations and upscales beside their source', () => {
  it('links a variation and an upscale to their source, which counts them', async () => {
    renderWith({ isPremium: false, balance: 5 });
    const [variation, upscale, source] = await findRows();
    expect(variation).toHaveTextContent('Variation (subtle) of image gen-3');
    expect(within(variation!).getByRole('link', { name: 'image gen-3' })).toHaveAttribute(
      'href',
      '#generation-gen-3',
    );
    expect(upscale).toHaveTextContent('Upscaled ×2 from image gen-3');
    expect(source).toHaveTextContent('Made from this image: 1 variation, 1 upscale');
    expect(source!.querySelector('#generation-gen-3')).not.toBeNull();
  });

  it('offers what the model can do, priced, disabled with a reason when it cannot be afforded', async () => {
    const { onDerive, user } = renderWith({ isPremium: false, balance: 1 });
    const source = (await findRows())[2]!;
    const group = await within(source).findByRole('group', { name: 'Make more from this image' });
    const names = within(group)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual([
      'Vary (subtle), 1 credit',
      'Vary (strong), 1 credit',
      'Upscale ×2, Needs 2 credits; you have 1.',
      'Upscale ×4, Needs 2 credits; you have 1.',
    ]);
    expect(within(group).getByRole('button', { name: /^Upscale ×2/ })).toBeDisabled();
    await user.click(within(group).getByRole('button', { name: /^Vary \(subtle\)/ }));
    expect(onDerive).toHaveBeenCalledWith(expect.objectContaining({ id: 'gen-3' }), {
      kind: 'variation',
      strength: 'subtle',
    });
  });

  it('prices every action free for premium', async () => {
    renderWith({ isPremium: true, balance: 0 });
    const source = (await findRows())[2]!;
    const group = await within(source).findByRole('group', { name: 'Make more from this image' });
    for (const button of within(group).getAllByRole('button')) {
      expect(button).toBeEnabled();
      expect(button.getAttribute('aria-label')).toMatch(/, free$/);
    }
    expect(screen.getAllByRole('group', { name: 'Make more from this image' })).toHaveLength(3);
  });
});
