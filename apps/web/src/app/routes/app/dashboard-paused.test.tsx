import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CreditState } from '@nocturne/contract/credits/get-credits';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { renderApp } from '../../../../test/support/render-app';

function serve(
  credits: Partial<CreditState>,
  generation: 'on' | 'premium_only' | 'off',
  message = '',
) {
  server.use(
    http.get('*/api/v1/credits', () =>
      HttpResponse.json({
        balance: 0,
        user_type: 'standard',
        is_premium: false,
        next_eligible_at: null,
        can_request_credits: true,
        ...credits,
      }),
    ),
    http.get('*/api/v1/service-status', () =>
      HttpResponse.json({ generation, message, announcement: null }),
    ),
  );
}

beforeEach(() => {
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/subscriptions/active', () => HttpResponse.json({ was_expired: false })),
  );
});

describe('/dashboard while an operator pauses generation', () => {
  it("premium only: a free person's dashboard and header say so with the operator's message", async () => {
    serve({ balance: 0 }, 'premium_only', 'Premium only tonight.');
    renderApp('/dashboard');
    expect(await screen.findByTestId('dashboard-generation-paused')).toHaveTextContent(
      'Premium only tonight.',
    );
    await waitFor(() =>
      expect(screen.getByTestId('credit-status-message')).toHaveTextContent(
        'Premium only tonight.',
      ),
    );
    expect(screen.queryByText(/Get (your )?daily credits to/)).toBeNull();
  });

  it('off: says the catalogue sentence when the operator wrote none', async () => {
    serve({ balance: 5 }, 'off');
    renderApp('/dashboard');
    expect(await screen.findByTestId('dashboard-generation-paused')).toHaveTextContent(
      PRODUCT_ERRORS.GENERATION_PAUSED.message,
    );
  });

  it('premium only: a premium person is told nothing and keeps their status', async () => {
    serve({ balance: 0, is_premium: true, user_type: 'premium' }, 'premium_only', 'Premium only.');
    renderApp('/dashboard');
    await screen.findByText('Premium - Unlimited generations');
    expect(screen.queryByTestId('dashboard-generation-paused')).toBeNull();
    expect(screen.queryByText('Premium only.')).toBeNull();
  });
});
