import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { markPromoShown } from '../../lib/promo-day';
import { signedInHandlers } from '../../../test/support/fixtures';
import { server } from '../../../test/support/msw-server';
import { renderApp } from '../../../test/support/render-app';

beforeEach(() => {
  // The shell is under test here; the daily promo over /dashboard is tested by the gallery.
  markPromoShown();
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/subscriptions/active', () => HttpResponse.json({ was_expired: false })),
    http.get('*/api/v1/credits', () =>
      HttpResponse.json({
        balance: 3,
        user_type: 'standard',
        is_premium: false,
        next_eligible_at: null,
        can_request_credits: false,
      }),
    ),
  );
});

describe('signed-in shell credits', () => {
  it('fills the header credits slot with balance, message, badge and the upgrade link', async () => {
    const { container } = renderApp('/dashboard');
    expect(await screen.findByText('3 credits remaining')).toBeInTheDocument();
    const slot = container.querySelector<HTMLElement>('[data-slot="header-credits"]');
    const header = within(slot as HTMLElement);
    expect(header.getByTestId('credit-status-message')).toHaveTextContent('3 credits remaining');
    expect(header.getByTestId('credit-balance')).toHaveTextContent('3');
    expect(header.getByText('Low Credits')).toBeInTheDocument();
    expect(header.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  it('/history/credits shows the stats and the transactions under Credit History', async () => {
    server.use(
      http.get('*/api/v1/credits/history', () =>
        HttpResponse.json({
          history: [
            {
              id: 't1',
              amount: -1,
              reason: 'generation',
              created_at: new Date().toISOString(),
              generation_id: 'g1',
            },
            {
              id: 't2',
              amount: 10,
              reason: 'daily_grant',
              created_at: new Date(Date.now() - 60_000).toISOString(),
              generation_id: null,
            },
          ],
          total: 2,
        }),
      ),
    );
    renderApp('/history/credits');
    expect(await screen.findByRole('heading', { name: 'Credit History' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(await screen.findByText('Daily credits')).toBeInTheDocument();
    expect(screen.getByText('Image generation')).toBeInTheDocument();
    expect(await screen.findByTestId('credit-stat-totalUsed')).toHaveTextContent('1');
    expect(screen.getByTestId('credit-stat-thisWeek')).toHaveTextContent('1');
  });
});
