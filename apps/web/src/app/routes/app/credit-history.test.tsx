import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CreditHistoryEntry } from '@nocturne/contract/credits/get-credit-history';
import {
  creditState,
  renderWithCredits,
  serveCredits,
} from '../../../../test/features/credits/render-with-credits';
import { signedInHandlers, testSession } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { CreditHistoryRoute } from './credit-history';

const HOUR = 60 * 60 * 1000;

/** A session whose account was created `hoursAgo` hours ago. */
function serveSessionJoined(hoursAgo: number) {
  const createdAt = new Date(Date.now() - hoursAgo * HOUR).toISOString();
  server.use(
    http.get('*/api/auth/get-session', () =>
      HttpResponse.json({ ...testSession, user: { ...testSession.user, createdAt } }),
    ),
  );
}

function serveHistory(history: CreditHistoryEntry[]) {
  server.use(
    http.get('*/api/v1/credits/history', () =>
      HttpResponse.json({ history, total: history.length }),
    ),
  );
}

const spent = (index: number): CreditHistoryEntry => ({
  id: `tx-${index}`,
  amount: -1,
  reason: 'generation',
  created_at: new Date(Date.now() - index * HOUR).toISOString(),
  generation_id: `gen-${index}`,
});

beforeEach(() => {
  server.use(...signedInHandlers());
  serveHistory([spent(1), spent(2), spent(3), spent(4)]);
});

describe('/history/credits', () => {
  it('averages per day over the days since a new person joined, not over 30', async () => {
    serveSessionJoined(36);
    serveCredits(creditState());
    renderWithCredits(<CreditHistoryRoute />);
    expect(await screen.findByText('over 2 days')).toBeInTheDocument();
    expect(screen.getByTestId('credit-stat-averagePerDay')).toHaveTextContent('2');
    expect(screen.getByTestId('credit-stat-totalUsed')).toHaveTextContent('4');
  });

  it('tells a premium creator the credits they had are kept', async () => {
    serveSessionJoined(24 * 90);
    serveCredits(creditState({ balance: 50, is_premium: true, user_type: 'premium' }));
    renderWithCredits(<CreditHistoryRoute />);
    expect(await screen.findByTestId('premium-kept-credits')).toHaveTextContent(
      'You have 50 credits kept for later.',
    );
    expect(await screen.findByText('over 30 days')).toBeInTheDocument();
  });

  it.each([
    ['a premium creator with no credits', creditState({ balance: 0, is_premium: true })],
    ['a free user', creditState({ balance: 40 })],
  ])('says nothing about kept credits to %s', async (_, state) => {
    const calls = serveCredits(state);
    const { queryClient } = renderWithCredits(<CreditHistoryRoute />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(await screen.findByText('over 30 days')).toBeInTheDocument();
    expect(screen.queryByTestId('premium-kept-credits')).not.toBeInTheDocument();
  });
});
