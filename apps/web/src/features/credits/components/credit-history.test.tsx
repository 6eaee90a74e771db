import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { FakeIntersectionObserver } from '../../../../test/support/fake-intersection-observer';
import { entry, serveHistory } from '../../../../test/features/credits/credit-history-fixtures';
import {
  creditState,
  renderWithCredits,
  serveCredits,
} from '../../../../test/features/credits/render-with-credits';
import { CreditTransactions } from './credit-transactions';

beforeEach(() => {
  server.use(...signedInHandlers());
  serveCredits(creditState());
  FakeIntersectionObserver.instances = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('credit history transactions', () => {
  it('shows skeleton rows while the first page loads', async () => {
    let release!: () => void;
    serveHistory([entry(1)], { delay: new Promise<void>((resolve) => (release = resolve)) });
    renderWithCredits(<CreditTransactions />);
    expect(screen.getByRole('status', { name: 'Loading credit history' })).toBeInTheDocument();
    expect(screen.getAllByTestId('credit-row-skeleton')).toHaveLength(6);
    release();
    expect(await screen.findByText('Image generation')).toBeInTheDocument();
    expect(screen.queryByTestId('credit-row-skeleton')).not.toBeInTheDocument();
  });

  it('labels reasons, signs and colours amounts, and localizes the time', async () => {
    const at = '2026-02-03T10:15:00.000Z';
    serveHistory([
      entry(1, { reason: 'daily_grant', amount: 10, generation_id: null, created_at: at }),
      entry(2, { reason: 'generation', amount: -1 }),
      entry(3, { reason: 'refund', amount: 1 }),
      entry(4, { reason: 'topup', amount: 1500, generation_id: null }),
      entry(5, { reason: 'adjustment', amount: -2, generation_id: null }),
    ]);
    renderWithCredits(<CreditTransactions />);
    const list = await screen.findByRole('list', { name: 'Credit transactions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Daily credits',
      'Image generation',
      'Refund',
      'Purchase',
      'Adjustment',
    ]);
    const amounts = within(list).getAllByTestId('credit-amount');
    expect(amounts.map((a) => a.textContent)).toEqual([
      '+10',
      '-1',
      '+1',
      `+${new Intl.NumberFormat().format(1500)}`,
      '-2',
    ]);
    expect(amounts[0]).toHaveClass('text-emerald-400');
    expect(amounts[1]).toHaveClass('text-rose-400');
    const time = rows[0]?.querySelector('time');
    expect(time).toHaveAttribute('dateTime', at);
    expect(time).toHaveTextContent(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(at),
      ),
    );
  });

  it('says what each line paid for: the prompt, the batch size, the pack', async () => {
    serveHistory([
      entry(1, { amount: -4, image_count: 4, prompt: 'a lighthouse at dusk' }),
      entry(2, { reason: 'refund', amount: 1, image_count: 1, prompt: 'one owl' }),
      entry(3, { reason: 'topup', amount: 50, generation_id: null, package_id: 'starter' }),
      entry(4, { reason: 'adjustment', amount: -50, generation_id: null, package_id: 'starter' }),
      entry(5, { reason: 'daily_grant', amount: 10, generation_id: null }),
    ]);
    renderWithCredits(<CreditTransactions />);
    const list = await screen.findByRole('list', { name: 'Credit transactions' });
    const details = within(list)
      .getAllByRole('listitem')
      .map((row) => row.querySelector('[data-testid="credit-detail"]')?.textContent ?? null);
    expect(details).toEqual([
      '4 images · “a lighthouse at dusk”',
      '“one owl”',
      'Credit pack “starter”',
      'Credit pack “starter” refunded',
      null,
    ]);
  });

  it('says what a generation line made, and what a refund gave back', async () => {
    serveHistory([
      entry(1, { kind: 'generation', prompt: 'a red owl · a blue owl', image_count: 2 }),
      entry(2, { kind: 'variation', prompt: 'a quiet harbour' }),
      entry(3, { kind: 'upscale', prompt: 'a quiet harbour' }),
      entry(4, { reason: 'refund', amount: 1, kind: 'upscale', prompt: 'a quiet harbour' }),
    ]);
    renderWithCredits(<CreditTransactions />);
    const list = await screen.findByRole('list', { name: 'Credit transactions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Image generation',
      'Image variation',
      'Image upscale',
      'Refund',
    ]);
    expect(
      rows.map((row) => row.querySelector('[data-testid="credit-detail"]')?.textContent),
    ).toEqual([
      '2 images · “a red owl · a blue owl”',
      '“a quiet harbour”',
      '“a quiet harbour”',
      'Upscale · “a quiet harbour”',
    ]);
  });

  it('names a repainted region, and its refund', async () => {
    serveHistory([
      entry(1, { kind: 'inpaint', prompt: 'a red boat' }),
      entry(2, { reason: 'refund', amount: 1, kind: 'inpaint', prompt: 'a red boat' }),
    ]);
    renderWithCredits(<CreditTransactions />);
    const list = await screen.findByRole('list', { name: 'Credit transactions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Repainted region',
      'Refund',
    ]);
    expect(
      rows.map((row) => row.querySelector('[data-testid="credit-detail"]')?.textContent),
    ).toEqual(['“a red boat”', 'Repainted region · “a red boat”']);
  });

  it("shows an operator's grant as soon as the credits channel announces it", async () => {
    const lines = [entry(1)];
    serveHistory(lines);
    const { realtime } = renderWithCredits(<CreditTransactions />);
    const list = await screen.findByRole('list', { name: 'Credit transactions' });
    await waitFor(() => expect(realtime.socket().joins('credits:user-1')).toHaveLength(1));
    realtime.socket().ack('SUBSCRIBED', 'credits:user-1');
    lines.unshift(entry(0, { id: 'tx-grant', reason: 'admin_grant', amount: 25 }));
    realtime.socket().send('credits:user-1', 'credit_updated', { balance: 35 });
    expect(await within(list).findByText('Credits from support')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('loads the next page of 20 when the sentinel scrolls into view', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const all = Array.from({ length: 25 }, (_, index) => entry(index + 1));
    const queries = serveHistory(all);
    renderWithCredits(<CreditTransactions />);
    const list = await screen.findByRole('list', { name: 'Credit transactions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(queries[0]?.get('limit')).toBe('20');
    expect(queries[0]?.get('offset')).toBe('0');
    expect(screen.getByRole('button', { name: 'Load More' })).toBeInTheDocument();

    act(() => FakeIntersectionObserver.enterAll());
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(queries[1]?.get('offset')).toBe('20');
    expect(queries[1]?.get('orderBy')).toBe('created_at');
    expect(queries[1]?.get('orderDirection')).toBe('desc');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(screen.getByText('That is all of your credit activity.')).toBeInTheDocument();
  });

  it('Load More is the fallback without IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    serveHistory(Array.from({ length: 21 }, (_, index) => entry(index + 1)));
    const { user } = renderWithCredits(<CreditTransactions />);
    await user.click(await screen.findByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByText('Image generation')).toHaveLength(21));
  });

  it('a next page that breaks the contract shows the spec message under the list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('IntersectionObserver', undefined);
    server.use(
      http.get('*/api/v1/credits/history', ({ request }) =>
        new URL(request.url).searchParams.get('offset') === '0'
          ? HttpResponse.json({
              history: Array.from({ length: 20 }, (_, index) => entry(index + 1)),
              total: 40,
            })
          : HttpResponse.json({ history: [{ id: 7, amount: 'lots' }], total: 40 }),
      ),
    );
    const { user } = renderWithCredits(<CreditTransactions />);
    await user.click(await screen.findByRole('button', { name: 'Load More' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Failed to Load Credit History: Something went wrong. Please try again later.',
    );
    expect(alert.textContent).not.toMatch(/[{}[\]]|expected|amount/);
    expect(screen.getAllByText('Image generation')).toHaveLength(20);
  });

  it("shows 'Failed to Load Credit History' with the message and retries", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    server.use(
      http.get('*/api/v1/credits/history', () =>
        fail
          ? HttpResponse.json({ error: 'VALIDATION_ERROR', message: 'x' }, { status: 422 })
          : HttpResponse.json({ history: [entry(1)], total: 1 }),
      ),
    );
    const { user } = renderWithCredits(<CreditTransactions />);
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'Failed to Load Credit History' }),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent('Please check your input and try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Image generation')).toBeInTheDocument();
  });

  it('shows the empty state with a hint to claim daily credits', async () => {
    serveHistory([]);
    renderWithCredits(<CreditTransactions />);
    expect(
      await screen.findByRole('heading', { name: 'No credit activity yet' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Claim your free daily credits/)).toBeInTheDocument();
  });

  it('tells a premium creator that generating costs no credits instead of claiming daily ones', async () => {
    serveHistory([]);
    serveCredits(creditState({ balance: 0, is_premium: true, user_type: 'premium' }));
    renderWithCredits(<CreditTransactions />);
    expect(await screen.findByText(/Premium generations cost no credits/)).toBeInTheDocument();
    expect(screen.queryByText(/Claim your free daily credits/)).not.toBeInTheDocument();
  });
});
