import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreditHistoryEntry } from '@nocturne/contract/credits/get-credit-history';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import {
  DAY,
  entry,
  serveHistory,
} from '../../../../test/features/credits/credit-history-fixtures';
import {
  creditState,
  renderWithCredits,
  serveCredits,
} from '../../../../test/features/credits/render-with-credits';
import { CreditStatsCards } from './credit-stats-cards';

beforeEach(() => {
  server.use(...signedInHandlers());
  serveCredits(creditState());
});

describe('credit history stats', () => {
  it('derives Total Used, This Week, This Month and Avg per Day from up to 1000 entries', async () => {
    const now = Date.now();
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY).toISOString();
    const history: CreditHistoryEntry[] = [
      entry(1, { amount: -1, created_at: at(1), generation_id: 'g1' }),
      entry(2, { amount: -1, created_at: at(2), generation_id: 'g2' }),
      entry(3, { amount: -1, created_at: at(10), generation_id: 'g3' }),
      entry(4, { amount: -1, created_at: at(40), generation_id: 'g4' }),
      entry(5, { amount: 10, reason: 'daily_grant', created_at: at(3), generation_id: null }),
      ...Array.from({ length: 150 }, (_, index) =>
        entry(100 + index, { amount: -1, created_at: at(20), generation_id: `h${index}` }),
      ),
    ];
    history.sort((a, b) => b.created_at.localeCompare(a.created_at));
    const queries = serveHistory(history);
    renderWithCredits(<CreditStatsCards />);
    expect(await screen.findByTestId('credit-stat-totalUsed')).toHaveTextContent('154');
    expect(screen.getByTestId('credit-stat-thisWeek')).toHaveTextContent('2');
    expect(screen.getByTestId('credit-stat-thisMonth')).toHaveTextContent('153');
    expect(screen.getByTestId('credit-stat-averagePerDay')).toHaveTextContent(
      new Intl.NumberFormat().format(5.1),
    );
    for (const label of ['Total Used', 'This Week', 'This Month', 'Avg per Day']) {
      expect(screen.getByText(label)).toBeInTheDocument();
    }
    // The contract caps a page at 100: the stats read pages of 100 until the history ends.
    expect(queries.map((q) => [q.get('limit'), q.get('offset')])).toEqual([
      ['100', '0'],
      ['100', '100'],
    ]);
  });

  it('a failed stats load shows zeroed stats', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('*/api/v1/credits/history', () =>
        HttpResponse.json({ error: 'VALIDATION_ERROR', message: 'x' }, { status: 422 }),
      ),
    );
    renderWithCredits(<CreditStatsCards />);
    await waitFor(() => expect(screen.getByTestId('credit-stat-totalUsed')).toHaveTextContent('0'));
    expect(screen.getByTestId('credit-stat-averagePerDay')).toHaveTextContent('0');
  });
});
