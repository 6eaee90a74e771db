import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client';
import { signedInHandlers } from '../../../../../test/support/fixtures';
import { server } from '../../../../../test/support/msw-server';
import { LandingSamplesCard } from './landing-samples-card';

const NOISE = '33333333-3333-4333-8333-333333333333';
const noise = {
  id: NOISE,
  generation_id: null,
  source_prompt: 'coloured noise',
  content_prompt: 'coloured noise',
  result_image_url: `/images/${NOISE}.png`,
  created_at: '2026-11-20T10:00:00.000Z',
  settings: null,
};
const REFUSAL = `${PRODUCT_ERRORS.LANDING_SAMPLE_FROM_PREVIEW.message} Made by the preview model: “coloured noise”.`;

beforeEach(() => {
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/admin/landing-samples', () => HttpResponse.json({ samples: [] })),
    http.put('*/api/v1/admin/landing-samples', () =>
      HttpResponse.json(
        { error: 'LANDING_SAMPLE_FROM_PREVIEW', message: REFUSAL, favorite_ids: [NOISE] },
        { status: 422 },
      ),
    ),
  );
});

describe('the landing samples card and the preview model', () => {
  it('says up front that preview images cannot be chosen, and why a save was refused', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LandingSamplesCard loadFavorites={async () => ({ favorites: [noise], total: 1 })} />
      </QueryClientProvider>,
    );
    const card = await screen.findByRole('region', { name: 'Landing samples' });
    expect(card).toHaveTextContent(
      'Images made by the preview model cannot be chosen: they are abstract colours, not pictures.',
    );
    await user.click(await within(card).findByRole('checkbox'));
    await user.click(within(card).getByRole('button', { name: 'Save landing samples' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(REFUSAL);
  });
});
