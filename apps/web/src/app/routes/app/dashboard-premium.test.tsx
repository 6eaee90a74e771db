import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CreditState } from '@nocturne/contract/credits/get-credits';
import { incrementGenerationCount } from '../../../lib/generation-count';
import { PROMO_STORAGE_KEY } from '../../../lib/promo-day';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { renderApp } from '../../../../test/support/render-app';

const PROMO_TITLE = 'Tonight, create without limits';

function serveCredits(state: Partial<CreditState>) {
  server.use(
    http.get('*/api/v1/credits', () =>
      HttpResponse.json({
        balance: 0,
        user_type: 'standard',
        is_premium: false,
        next_eligible_at: null,
        can_request_credits: false,
        ...state,
      }),
    ),
  );
}

beforeEach(() => {
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/subscriptions/active', () => HttpResponse.json({ was_expired: false })),
  );
});

async function openGenerationModal(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Generate Image' }));
  const modal = await screen.findByRole('dialog', { name: 'Generate Image' });
  await user.type(within(modal).getByLabelText('Prompt'), 'a moonlit owl');
  return modal;
}

describe('/dashboard for a premium user (spec §2, §6)', () => {
  it('generates for FREE at a balance of 0, with no daily promo', async () => {
    serveCredits({ balance: 0, is_premium: true, user_type: 'premium' });
    const { user } = renderApp('/dashboard');
    await screen.findByText('Premium - Unlimited generations');

    const modal = await openGenerationModal(user);
    expect(within(modal).getByTestId('generation-cost')).toHaveTextContent('FREE');
    expect(within(modal).getByRole('button', { name: 'Generate' })).toBeEnabled();
    expect(within(modal).queryByText(/enough credits/i)).toBeNull();

    expect(screen.queryByRole('dialog', { name: PROMO_TITLE })).toBeNull();
    expect(localStorage.getItem(PROMO_STORAGE_KEY)).toBeNull();
  });
});

describe('/dashboard for a free user (the same checks, so they cannot pass by accident)', () => {
  it('at a balance of 0 costs 1 credit, blocks Generate and shows the daily promo', async () => {
    incrementGenerationCount();
    serveCredits({ balance: 0 });
    const { user } = renderApp('/dashboard');
    const promo = await screen.findByRole('dialog', { name: PROMO_TITLE });
    await user.click(within(promo).getByRole('button', { name: 'Maybe later' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: PROMO_TITLE })).toBeNull());

    const modal = await openGenerationModal(user);
    expect(within(modal).getByTestId('generation-cost')).toHaveTextContent('1 credit');
    expect(within(modal).getByRole('button', { name: 'Generate' })).toBeDisabled();
    expect(within(modal).getByText(/enough credits/i)).toBeInTheDocument();
  });
});
